// The static site's service worker. scripts/build_site.py writes it over JupyterLite's own
// (jupyterlite-core 0.7.6), with the build's name and the files to keep for offline use filled in.
//
// 1. It keeps JupyterLite's protocol for what only a service worker can do: the kernel reads and writes
//    the lessons' folder (/api/drive) and asks for input (/api/stdin) with synchronous requests from its
//    web worker, which this worker passes to the page over the BroadcastChannel "/sw-api.v1" (the page's
//    contents manager answers).
// 2. It keeps the site for offline use (issue 39: the score pad and the referee at a table with poor
//    reception), in one Cache Storage cache per build ("buraco-<build>"): once the score pad or the referee
//    has shown its lesson (staticsite/offline.js asks then, so that the first visit is not slowed), the
//    worker keeps what the page fetched and the build's list (OFFLINE: the score pad, referee and review
//    pages of every language, the scripts and style sheets, Pyodide's runtime, the kernel's memory
//    snapshot), most of it from the browser's HTTP cache. A request is answered from the cache first (every file of a
//    build is fixed), else from the network (what the fetch handler sees is kept as it passes). A new build
//    is a new worker (its bytes differ): it fills its own cache from the network while the old one still
//    serves the pages open, takes over once they are all closed, and deletes the old cache.
// Over plain http from another computer there is no service worker at all: the pages run without one, and
// offline is not offered.
"use strict";
const BUILD = "__BUILD__";
const OFFLINE = ["__OFFLINE__"];
const CACHE = `buraco-${BUILD}`;
const broadcast = new BroadcastChannel("/sw-api.v1");
const root = new URL("./", self.location.href);

function handled(url) {
  return url.origin === location.origin && (url.pathname.includes("/api/drive") || url.pathname.includes("/api/stdin/"));
}

self.addEventListener("install", (event) => {
  // A first visit: nothing to fetch now (the page asks once it shows its lesson). A new build while an
  // older one serves: fetch the new build's files now, in the background.
  if (self.registration.active) {
    event.waitUntil(keep(OFFLINE.map((path) => new URL(path, root).href)));
  }
  // Chromium's static routing: a GET without a query outside /api/ does not even wake this worker; the
  // browser answers it from this build's cache, or else from the network (as a repeat visit did before
  // the cache: about 0.5 s quicker than through the fetch handler). The fetch handler below keeps the rest
  // (and everything in other browsers).
  if (event.addRoutes && typeof URLPattern === "function") {
    event.waitUntil(event.addRoutes([
      { condition: { urlPattern: new URLPattern({ pathname: "*/api/*" }) }, source: "fetch-event" },
      { condition: { urlPattern: new URLPattern({ search: "" }), requestMethod: "GET" }, source: { cacheName: CACHE } },
    ]).catch(() => undefined));
  }
});

self.addEventListener("activate", (event) => event.waitUntil((async () => {
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith("buraco-") && name !== CACHE).map((name) => caches.delete(name)));
  await self.clients.claim();
})()));

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type !== "keep-offline") {
    return;
  }
  const urls = [...OFFLINE.map((path) => new URL(path, root).href), ...(data.urls || [])]
    .filter((url) => new URL(url).origin === location.origin && !handled(new URL(url)));
  event.waitUntil(keep(urls).then((result) => {
    if (event.source) {
      event.source.postMessage({ type: "kept-offline", build: BUILD, ...result });
    }
  }));
});

// Put in the cache each of ``urls`` it does not hold yet, a few at a time (from the HTTP cache where the
// page already fetched it); a file that fails is named in the answer, not fatal (the page still works online).
async function keep(urls) {
  const cache = await caches.open(CACHE);
  const todo = [...new Set(urls.map((url) => url.split("#")[0]))];
  let kept = 0;
  const failed = [];
  async function next() {
    while (todo.length) {
      const url = todo.shift();
      try {
        if (!(await cache.match(url))) {
          const response = await fetch(url, { credentials: "same-origin" });
          if (!response.ok) {
            throw new Error(`HTTP ${response.status}`);
          }
          await cache.put(url, response);
        }
        kept += 1;
      } catch (error) {
        failed.push(`${url} (${error})`);
      }
    }
  }
  await Promise.all([next(), next(), next(), next()]);
  return { kept, failed };
}

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (url.pathname === "/api/service-worker-heartbeat") {
    event.respondWith(new Response("ok"));
  } else if (handled(url)) {
    event.respondWith(broadcastOne(event.request, url));
  } else if (event.request.method === "GET" && url.origin === location.origin && !event.request.headers.has("range")) {
    event.respondWith(cacheFirst(event.request));
  }
});

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const navigate = request.mode === "navigate";
  const found = (await cache.match(request, { ignoreSearch: navigate }))
    || (navigate ? undefined : await cache.match(request, { ignoreSearch: true }));
  if (found) {
    return found;
  }
  const response = await fetch(request);
  // A build's files are fixed, and so is what it does not have: a 404 is kept too (offline, the page gets the
  // answer it got online, not a failed request).
  if ((response.status === 200 || response.status === 404) && response.type === "basic") {
    cache.put(request, response.clone()).catch(() => undefined);
  }
  return response;
}

async function broadcastOne(request, url) {
  const message = await request.json();
  const answer = new Promise((resolve) => {
    const listen = (event) => {
      const data = event.data;
      if (data.browsingContextId !== message.browsingContextId || data.requestId !== message.requestId) {
        return;
      }
      resolve(new Response(JSON.stringify(data.response)));
      broadcast.removeEventListener("message", listen);
    };
    broadcast.addEventListener("message", listen);
  });
  message.pathname = url.pathname;
  broadcast.postMessage(message);
  return await answer;
}
