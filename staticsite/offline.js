// Keep the site for offline use (issue 39): once the page has shown its lesson (its kernel started, so
// Pyodide and the kernel's snapshot came), ask the site's service worker (staticsite/service-worker.js) to
// keep what the page fetched and the build's list of files for the score pad, the referee and the review
// its practice link opens. Asking only then keeps the first visit as quick as before: what the worker
// fetches comes mostly from the HTTP cache.
// When it is done, the page's root element carries data-offline="ready" ("partial" when a file failed).
// Without a service worker (plain http from another computer, or a page opened from the disk) it does
// nothing: the site runs, offline is not offered. build_site.py puts this script into the head of the score
// pad's and the referee's pages (OFFLINE_ASKING).
(function () {
  "use strict";
  if (!window.isSecureContext || !("serviceWorker" in navigator)) {
    return;
  }
  try {
    performance.setResourceTimingBufferSize(5000);  // a page fetches a few hundred files; the default keeps 250
  } catch (error) {
    // an old browser: the build's list still covers the score pad and the referee
  }

  function shown() {
    const cells = document.querySelector("#rendered_cells");
    return cells !== null && getComputedStyle(cells).display !== "none";
  }

  function ask(registration) {
    if (!registration.active) {
      return;
    }
    const here = location.href.split("#")[0];
    const urls = [here, ...performance.getEntriesByType("resource").map((entry) => entry.name)]
      .filter((url) => url.startsWith(location.origin + "/"));
    navigator.serviceWorker.addEventListener("message", (event) => {
      const data = event.data || {};
      if (data.type === "kept-offline") {
        const failed = data.failed || [];
        document.documentElement.dataset.offline = failed.length ? "partial" : "ready";
        console.info(`offline: ${data.kept} files kept for offline use (build ${data.build})`
          + (failed.length ? `; not kept: ${failed.join(", ")}` : ""));
      }
    });
    registration.active.postMessage({ type: "keep-offline", urls });
  }

  window.addEventListener("load", () => {
    const wait = setInterval(() => {
      if (shown()) {
        clearInterval(wait);
        navigator.serviceWorker.ready.then(ask, () => undefined);
      }
    }, 1000);
  });
})();
