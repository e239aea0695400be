/**
 * The CRM's sign-in popup (spec sections 4 and 9): 500x600, centred over the app; its closing
 * is polled every second; after 5 minutes it is closed and the connection fails with a
 * time-out. The callback page posts how it went (ZOAuthMessage) before it closes itself; the
 * message is accepted only from this popup and our own origin.
 */
import { INTEGRATION_TEXT, OAUTH_POPUP, ZOAuthMessage, type OAuthMessage } from "@contract/integrations";

export interface PopupLike {
  closed: boolean;
  close(): void;
  location: { href: string };
}

/** What the watcher needs from the browser (the real window, or a fake in tests). */
export interface PopupEnv {
  origin: string;
  open(url: string, name: string, features: string): PopupLike | null;
  onMessage(listener: (e: { source: unknown; origin: string; data: unknown }) => void): () => void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(id: unknown): void;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
  screen: { left: number; top: number; width: number; height: number };
}

export function browserPopupEnv(): PopupEnv {
  return {
    origin: window.location.origin,
    open: (url, name, features) => window.open(url, name, features) as PopupLike | null,
    onMessage(listener) {
      const l = (e: MessageEvent) => listener({ source: e.source, origin: e.origin, data: e.data as unknown });
      window.addEventListener("message", l);
      return () => window.removeEventListener("message", l);
    },
    setInterval: (fn, ms) => window.setInterval(fn, ms),
    clearInterval: (id) => window.clearInterval(id as number),
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    clearTimeout: (id) => window.clearTimeout(id as number),
    screen: { left: window.screenX, top: window.screenY, width: window.outerWidth, height: window.outerHeight },
  };
}

/** The window features: the spec's size, centred over the app window. */
export function popupFeatures(screen: PopupEnv["screen"]) {
  const left = Math.max(0, Math.round(screen.left + (screen.width - OAUTH_POPUP.width) / 2));
  const top = Math.max(0, Math.round(screen.top + (screen.height - OAUTH_POPUP.height) / 2));
  return `width=${OAUTH_POPUP.width},height=${OAUTH_POPUP.height},left=${left},top=${top}`;
}

/**
 * Opens the popup blank, synchronously inside the click (browsers block a popup opened after an
 * await); the caller then points it at the authorization URL.
 */
export function openOAuthPopup(env: PopupEnv, name: string): PopupLike {
  const popup = env.open("about:blank", name, popupFeatures(env.screen));
  if (!popup) throw new Error(INTEGRATION_TEXT.popupBlocked);
  return popup;
}

/**
 * Resolves when the popup closes, with the callback page's message if one came; rejects with
 * the time-out message after OAUTH_POPUP.timeoutMs (closing the popup), or when `signal` aborts.
 */
export function watchOAuthPopup(popup: PopupLike, env: PopupEnv, signal?: AbortSignal): Promise<{ message: OAuthMessage | null }> {
  return new Promise((resolve, reject) => {
    let message: OAuthMessage | null = null;
    const stopListening = env.onMessage((e) => {
      if (e.source !== popup || e.origin !== env.origin) return;
      const parsed = ZOAuthMessage.safeParse(e.data);
      if (parsed.success) message = parsed.data;
    });
    const cleanup = () => {
      env.clearInterval(poll);
      env.clearTimeout(timer);
      stopListening();
      signal?.removeEventListener("abort", onAbort);
    };
    const poll = env.setInterval(() => {
      if (!popup.closed) return;
      cleanup();
      resolve({ message });
    }, OAUTH_POPUP.pollMs);
    const timer = env.setTimeout(() => {
      cleanup();
      try {
        popup.close();
      } catch {
        /* already gone */
      }
      reject(new Error(INTEGRATION_TEXT.timedOut));
    }, OAUTH_POPUP.timeoutMs);
    const onAbort = () => {
      cleanup();
      reject(new Error("aborted"));
    };
    signal?.addEventListener("abort", onAbort);
  });
}
