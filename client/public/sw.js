/*
 * Koinonia's service worker, served from the root (scope "/") with Cache-Control: no-cache so
 * browsers pick up a new version at once. Plain JavaScript, no build step of its own: the build
 * (vite.config.ts, appShellManifest) replaces BUILD below with this build's version and file
 * list, so every build is a new worker. One worker for the whole scope, in sections: lifecycle
 * and the offline app shell, push, notification clicks. (docs/decisions/0080)
 */

// --- The build -----------------------------------------------------------------
// Development (vite serve) keeps this default: nothing is precached there.
const BUILD = /*__BUILD__*/ { version: "dev", files: [] };
const SHELL_CACHE = `koinonia-shell-${BUILD.version}`;
/** The SPA's one document: every app route is answered with it. */
const SHELL_URL = "/index.html";

// --- Lifecycle -------------------------------------------------------------------
// Install precaches the app shell (index.html, the manifest and its icons, the hashed /assets/*
// files). A new version takes over at once: the page's 10-second activation wait (spec section
// 9) is for this worker to become active, and an old version's cache is never needed again
// (a page still running old assets already has them in memory; hashed names do not collide).
self.addEventListener("install", (event) => {
  self.skipWaiting();
  if (!BUILD.files.length) return;
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      // Each file on its own: one that fails (a flaky connection) leaves the rest cached, and the
      // fetch handler fills the gap the next time it is loaded.
      await Promise.all(
        BUILD.files.map((url) =>
          fetch(url, { cache: "no-cache" })
            .then((res) => (res.ok ? cache.put(url, res) : undefined))
            .catch(() => undefined),
        ),
      );
    })(),
  );
});
self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((n) => n.startsWith("koinonia-") && n !== SHELL_CACHE).map((n) => caches.delete(n)));
      await self.clients.claim();
    })(),
  );
});

// --- Offline: what is answered from the cache ----------------------------------------
// - /api/* is never touched (not answered, not stored): answers carry members' personal data,
//   and the event stream must stay a live connection.
// - Navigations: network first (a new deployment shows at once); a copy of the document is kept;
//   without a network the kept copy opens the app, which then shows its offline banner.
// - /assets/*: cache first. The names carry a content hash, so a cached file is never stale.
// - The other static files (manifest, icons, logo, theme script): network first, cache fallback.
// Anything else (other origins, non-GET) goes to the network as if there were no worker.
self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET") return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith("/api/")) return;
  if (req.mode === "navigate") {
    event.respondWith(navigation(req));
    return;
  }
  if (url.pathname.startsWith("/assets/")) {
    event.respondWith(cacheFirst(req));
    return;
  }
  if (BUILD.files.includes(url.pathname)) event.respondWith(networkFirst(req, url.pathname));
});

async function navigation(req) {
  const cache = await caches.open(SHELL_CACHE);
  try {
    const res = await fetch(req);
    const type = res.headers.get("content-type") || "";
    if (res.ok && type.includes("text/html")) await cache.put(SHELL_URL, res.clone());
    return res;
  } catch (err) {
    const kept = await cache.match(SHELL_URL);
    if (kept) return kept;
    throw err;
  }
}

async function cacheFirst(req) {
  const cache = await caches.open(SHELL_CACHE);
  const kept = await cache.match(req, { ignoreSearch: true });
  if (kept) return kept;
  const res = await fetch(req);
  if (res.ok) await cache.put(req, res.clone());
  return res;
}

async function networkFirst(req, key) {
  const cache = await caches.open(SHELL_CACHE);
  try {
    const res = await fetch(req);
    if (res.ok) await cache.put(key, res.clone());
    return res;
  } catch (err) {
    const kept = await cache.match(key);
    if (kept) return kept;
    throw err;
  }
}

// --- Push ----------------------------------------------------------------------
// The server sends JSON (contract/notifications.ts, PushPayload): id, kind, title, body, url, icon.
// Every push shows a notification (browsers require it of userVisibleOnly subscriptions).
// A subscription the browser replaces (pushsubscriptionchange) cannot be re-registered from
// here, which has no sign-in: the app notices the new endpoint when it next opens.

/** Only paths of this app are opened (never another site, whatever a payload says). */
function appPath(url) {
  return typeof url === "string" && url.startsWith("/") && !url.startsWith("//") ? url : "/";
}

self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : "" };
  }
  const title = data.title || "Koinonia";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: data.body || "",
      icon: data.icon || "/church-logo.svg",
      // One notification per inbox entry: a repeated push replaces rather than stacks.
      tag: data.id || undefined,
      data: { id: data.id || null, url: appPath(data.url) },
    }),
  );
});

// --- Notification clicks ---------------------------------------------------------
// Focus an open window of the app and let it route there (it also marks the notification read),
// or open a new window on the notification's page.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const { id = null, url = "/" } = event.notification.data || {};
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        open.postMessage({ type: "notification-click", id, url: appPath(url) });
        return;
      }
      await self.clients.openWindow(appPath(url));
    })(),
  );
});
