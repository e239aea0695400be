/// <reference types="vite/client" />
/**
 * The one service worker (/sw.js, scope "/"): offline app shell and Web Push. Registered at
 * start in the built app so it opens offline next time; Web Push (push.ts) registers the same
 * worker again, which is a no-op. Not in development (vite serve has no built shell to cache).
 */
import { SERVICE_WORKER_URL } from "@contract/service-worker";

export function registerServiceWorker() {
  if (!import.meta.env.PROD || typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  const register = () => {
    // Offline, the script cannot be fetched: register once the connection is back.
    if (!navigator.onLine) return window.addEventListener("online", () => void register(), { once: true });
    navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: "/", updateViaCache: "none" }).catch((err: unknown) => console.warn("service worker not registered", err));
  };
  // After the page has loaded and gone idle: precaching the shell must not slow the first screen.
  const later = () => (typeof requestIdleCallback === "function" ? requestIdleCallback(() => void register(), { timeout: 5000 }) : setTimeout(() => void register(), 1000));
  if (document.readyState === "complete") later();
  else window.addEventListener("load", later, { once: true });
}
