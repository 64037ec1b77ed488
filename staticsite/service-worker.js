// The static site's service worker. scripts/build_site.py writes it over JupyterLite's own
// (jupyterlite-core 0.7.6), keeping its protocol for what only a service worker can do: the kernel
// reads and writes the lessons' folder (/api/drive) and asks for input (/api/stdin) with synchronous
// requests from its web worker, which this worker passes to the page over the BroadcastChannel
// "/sw-api.v1" (the page's contents manager answers). Every other request is the browser's own:
// JupyterLite's worker, its cache being off (as in this site), passed each of them through fetch(),
// so on a repeat visit every file of the page and of the kernel's worker (about 20 MB) went through it.
"use strict";
const broadcast = new BroadcastChannel("/sw-api.v1");

function handled(url) {
  return url.origin === location.origin && (url.pathname.includes("/api/drive") || url.pathname.includes("/api/stdin/"));
}

self.addEventListener("install", (event) => {
  self.skipWaiting();
  // Chromium's static routing: a request outside /api/ does not even wake this worker.
  if (event.addRoutes && typeof URLPattern === "function") {
    event.waitUntil(event.addRoutes({
      condition: { not: { urlPattern: new URLPattern({ pathname: "*/api/*" }) } },
      source: "network",
    }).catch(() => undefined));
  }
});

self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (url.pathname === "/api/service-worker-heartbeat") {
    event.respondWith(new Response("ok"));
  } else if (handled(url)) {
    event.respondWith(broadcastOne(event.request, url));
  }
});

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
