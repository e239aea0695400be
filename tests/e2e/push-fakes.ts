/**
 * Browser-side stand-ins for Web Push in headless Chromium, installed with page.addInitScript.
 *
 * PushManager.subscribe would ask Google's push service for an endpoint, which this machine
 * cannot reach. fakePushManager replaces it with what a browser does locally: a fresh P-256 key
 * pair and 16-byte auth secret from WebCrypto, and an endpoint on the test's local stand-in
 * push service. The subscription (private key included, so the test can hand it to the
 * stand-in to decrypt as the browser would) is kept in localStorage, so getSubscription and
 * unsubscribe behave across reloads. Everything else (the service worker, the permission, the
 * app's calls) is the real thing.
 */
import type { Page, BrowserContext } from "@playwright/test";

export interface FakeSubscription {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  privateJwk: { d: string; x: string; y: string };
  serverKey: string;
}

export const FAKE_PUSH_KEY = "__fakePushSubscription";

/**
 * The init script (runs in the page before any of the app's code). Plain JavaScript in a string,
 * so no TypeScript transform can add helpers the page does not have.
 */
const FAKE_PUSH_SCRIPT = `(() => {
  const { endpointBase, storageKey } = __ARGS__;
  const proto = window.PushManager && window.PushManager.prototype;
  if (!proto) return;
  const b64url = (buf) => btoa(String.fromCharCode(...new Uint8Array(buf))).replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, "");
  const bytes = (s) => Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(s.length / 4) * 4, "=")), (c) => c.charCodeAt(0));
  const make = (saved) => ({
    endpoint: saved.endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: bytes(saved.serverKey).buffer },
    getKey: (name) => (name === "p256dh" ? bytes(saved.p256dh).buffer : name === "auth" ? bytes(saved.auth).buffer : null),
    toJSON: () => ({ endpoint: saved.endpoint, expirationTime: null, keys: { p256dh: saved.p256dh, auth: saved.auth } }),
    unsubscribe: async () => { localStorage.removeItem(storageKey); return true; },
  });
  proto.subscribe = async function (options) {
    const pair = await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"]);
    const raw = await crypto.subtle.exportKey("raw", pair.publicKey);
    const jwk = await crypto.subtle.exportKey("jwk", pair.privateKey);
    const id = crypto.randomUUID();
    const saved = {
      id,
      endpoint: endpointBase + "/push/" + id,
      p256dh: b64url(raw),
      auth: b64url(crypto.getRandomValues(new Uint8Array(16))),
      privateJwk: { d: jwk.d, x: jwk.x, y: jwk.y },
      serverKey: b64url(options.applicationServerKey),
    };
    localStorage.setItem(storageKey, JSON.stringify(saved));
    return make(saved);
  };
  proto.getSubscription = async function () {
    const raw = localStorage.getItem(storageKey);
    return raw ? make(JSON.parse(raw)) : null;
  };
})();`;

/** Replaces PushManager.subscribe/getSubscription with subscriptions at `endpointBase` (the stand-in). */
export async function installFakePush(page: Page, endpointBase: string) {
  await page.addInitScript({ content: FAKE_PUSH_SCRIPT.replace("__ARGS__", JSON.stringify({ endpointBase, storageKey: FAKE_PUSH_KEY })) });
}

/** The fake subscription this page holds (with its private key), or null. */
export async function fakeSubscription(page: Page): Promise<FakeSubscription | null> {
  const raw = await page.evaluate((k) => localStorage.getItem(k), FAKE_PUSH_KEY);
  return raw ? (JSON.parse(raw) as FakeSubscription) : null;
}

/** A browser without the Push API (e.g. an older iPhone browser). */
export async function removePushSupport(page: Page) {
  await page.addInitScript({ content: "delete window.PushManager;" });
}

/** Blocks notifications for the site, as a member who chose "Block" would (Chromium, through the context's CDP session). */
export async function denyNotifications(context: BrowserContext, page: Page, origin: string) {
  const cdp = await context.newCDPSession(page);
  const { targetInfo } = await cdp.send("Target.getTargetInfo");
  await cdp.send("Browser.setPermission", { origin, permission: { name: "notifications" }, setting: "denied", browserContextId: targetInfo.browserContextId });
  // Kept attached: Chromium drops a session's permission overrides when it detaches.
}

/**
 * Hands `data` to the page's real service worker as a push message (what the browser does
 * once its push service delivers one), through Chromium's DevTools protocol.
 */
export async function deliverToServiceWorker(context: BrowserContext, page: Page, origin: string, data: string) {
  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  cdp.on("ServiceWorker.workerRegistrationUpdated", (e) => registrations.push(...e.registrations));
  await cdp.send("ServiceWorker.enable");
  for (let i = 0; i < 50 && !registrations.some((r) => r.scopeURL === `${origin}/` && !r.isDeleted); i++) await new Promise((r) => setTimeout(r, 100));
  const reg = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
  if (!reg) throw new Error("no service worker registration for the app");
  await cdp.send("ServiceWorker.deliverPushMessage", { origin, registrationId: reg.registrationId, data });
  await cdp.send("ServiceWorker.disable");
  await cdp.detach();
}

/** The notifications the page's service worker is showing. */
export function shownNotifications(page: Page) {
  return page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown })),
  );
}
