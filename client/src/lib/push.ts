/**
 * Web Push on this device (spec sections 2, 4 and 9): support detection, the service worker
 * (activation waited for at most 10 s), subscribing with the server's VAPID key and registering
 * the serialized subscription as the token, unsubscribing, and the refresh at start-up when the
 * stored registration is older than 7 days (or the browser's subscription changed).
 *
 * "Registered here" is remembered in localStorage (member, endpoint, when, VAPID key), so the
 * Profile switch shows this device's state and another member signing in on the same browser
 * does not inherit it. Signing out forgets this device (forgetPushOnThisDevice), so a shared
 * tablet stops receiving the previous member's notifications.
 */
import { PUSH_TOKEN_REFRESH_MS, SERVICE_WORKER_ACTIVATION_TIMEOUT_MS, SERVICE_WORKER_URL } from "@contract/service-worker";
import { API } from "@contract/api-paths";
import { apiJson, apiRequest } from "./api";

const STORE_KEY = "pushRegistration";

export interface StoredRegistration {
  userId: string;
  endpoint: string;
  /** When this device last registered with the server (ms since the epoch). */
  at: number;
  /** The VAPID public key it subscribed with. */
  key: string;
}

/** Push needs a secure page, a service worker, the Push API and notifications. */
export function pushSupported(): boolean {
  return (
    typeof window !== "undefined" &&
    window.isSecureContext &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    typeof window.PushManager === "function" &&
    "Notification" in window
  );
}

export const notificationPermission = (): NotificationPermission => (typeof Notification === "undefined" ? "denied" : Notification.permission);

export function readStoredRegistration(): StoredRegistration | null {
  try {
    const raw = localStorage.getItem(STORE_KEY);
    return raw ? (JSON.parse(raw) as StoredRegistration) : null;
  } catch {
    return null;
  }
}
function store(r: StoredRegistration | null) {
  try {
    if (r) localStorage.setItem(STORE_KEY, JSON.stringify(r));
    else localStorage.removeItem(STORE_KEY);
  } catch {
    /* storage unavailable: the device still works, the switch may just show off */
  }
}

/** What to do at start-up for a member on this device (pure, for tests). */
export function pushRefreshAction(stored: StoredRegistration | null, subscriptionEndpoint: string | null, userId: string, now: number): "none" | "resubscribe" | "reregister" {
  if (!stored || stored.userId !== userId) return "none"; // this member did not turn push on here
  if (!subscriptionEndpoint) return "resubscribe"; // the browser dropped the subscription
  if (subscriptionEndpoint !== stored.endpoint) return "reregister"; // the browser replaced it
  return now - stored.at >= PUSH_TOKEN_REFRESH_MS ? "reregister" : "none";
}

/** Whether this browser's current subscription is this member's registration. */
export const isRegisteredHere = (stored: StoredRegistration | null, subscriptionEndpoint: string | null, userId: string) =>
  !!stored && !!subscriptionEndpoint && stored.userId === userId && stored.endpoint === subscriptionEndpoint;

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(message)), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/** Registers the service worker and waits (at most 10 s) until it is active. */
export async function readyServiceWorker(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: "/", updateViaCache: "none" });
  return withTimeout(navigator.serviceWorker.ready, SERVICE_WORKER_ACTIVATION_TIMEOUT_MS, "failed-service-worker-registration");
}

/** This browser's subscription, without registering anything. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const reg = await navigator.serviceWorker.getRegistration("/");
  return reg ? reg.pushManager.getSubscription() : null;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  const bin = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(bin.length));
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

function sameKey(a: ArrayBuffer | null | undefined, key: string) {
  if (!a) return true; // the browser does not say: assume it is ours
  const want = keyBytes(key);
  const got = new Uint8Array(a);
  return got.length === want.length && got.every((b, i) => b === want[i]);
}

/**
 * Subscribes this browser (reusing its subscription when it was made with the server's current
 * VAPID key) and registers it for the member. Throws on any failure.
 */
export async function subscribeThisDevice(userId: string): Promise<void> {
  const reg = await readyServiceWorker();
  const { publicKey } = await apiJson<{ publicKey: string }>("GET", API.notifications.vapidPublicKey());
  let sub = await reg.pushManager.getSubscription();
  if (sub && !sameKey(sub.options?.applicationServerKey, publicKey)) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
  await apiJson("POST", API.notifications.registerToken(), { token: JSON.stringify(sub), deviceType: "web" });
  store({ userId, endpoint: sub.endpoint, at: Date.now(), key: publicKey });
}

/** Unregisters this browser's subscription (already gone on the server is fine) and unsubscribes it. */
export async function unsubscribeThisDevice(): Promise<void> {
  const sub = await currentSubscription();
  if (sub) {
    try {
      await apiRequest("DELETE", API.notifications.token({ "*": JSON.stringify(sub) }));
    } catch (err) {
      if (!(err instanceof Error && err.message.startsWith("404:"))) throw err;
    }
    await sub.unsubscribe();
  }
  store(null);
}

/** At start-up: re-registers when the stored registration is 7 days old or the subscription changed. */
export async function refreshPushRegistration(userId: string): Promise<void> {
  if (!pushSupported() || notificationPermission() !== "granted") return;
  const stored = readStoredRegistration();
  if (!stored || stored.userId !== userId) return;
  const sub = await currentSubscription();
  const action = pushRefreshAction(stored, sub?.endpoint ?? null, userId, Date.now());
  if (action !== "none") await subscribeThisDevice(userId);
}

/** Before signing out: this device stops receiving the member's notifications (best effort, bounded). */
export async function forgetPushOnThisDevice(): Promise<void> {
  if (!readStoredRegistration() || !pushSupported()) return;
  try {
    await withTimeout(unsubscribeThisDevice(), 3000, "push sign-out timed out");
  } catch (err) {
    console.warn("could not unregister push notifications on sign-out", err);
    store(null);
  }
}
