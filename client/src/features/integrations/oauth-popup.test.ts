/** The popup watcher with a fake window and fake timers: size, 1 s polling, the 5-minute time-out, messages only from the popup. */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { INTEGRATION_TEXT, OAUTH_MESSAGE_SOURCE } from "@contract/integrations";
import { openOAuthPopup, popupFeatures, watchOAuthPopup, type PopupEnv, type PopupLike } from "./oauth-popup";

function fakeEnv(popup: PopupLike | null) {
  const listeners = new Set<(e: { source: unknown; origin: string; data: unknown }) => void>();
  const opened: { url: string; name: string; features: string }[] = [];
  const env: PopupEnv = {
    origin: "https://church.example.org",
    open: (url, name, features) => {
      opened.push({ url, name, features });
      return popup;
    },
    onMessage: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    setInterval: (fn, ms) => setInterval(fn, ms),
    clearInterval: (id) => clearInterval(id as ReturnType<typeof setInterval>),
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
    screen: { left: 100, top: 50, width: 1300, height: 900 },
  };
  const post = (e: { source: unknown; origin: string; data: unknown }) => listeners.forEach((l) => l(e));
  return { env, opened, post, listeners };
}

const newPopup = (): PopupLike => ({ closed: false, close() { this.closed = true; }, location: { href: "about:blank" } });
const ok = { source: OAUTH_MESSAGE_SOURCE, provider: "ghl", ok: true, message: "Go High Level is connected." };

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the OAuth popup", () => {
  it("opens 500x600, centred over the app", () => {
    const popup = newPopup();
    const { env, opened } = fakeEnv(popup);
    expect(openOAuthPopup(env, "koinonia-ghl")).toBe(popup);
    expect(opened[0]).toEqual({ url: "about:blank", name: "koinonia-ghl", features: "width=500,height=600,left=500,top=200" });
    expect(popupFeatures({ left: 0, top: 0, width: 390, height: 844 })).toBe("width=500,height=600,left=0,top=122");
  });

  it("a blocked popup fails with a message saying so", () => {
    const { env } = fakeEnv(null);
    expect(() => openOAuthPopup(env, "x")).toThrow(INTEGRATION_TEXT.popupBlocked);
  });

  it("notices the popup closing on the next 1-second poll, with the message it posted", async () => {
    const popup = newPopup();
    const { env, post, listeners } = fakeEnv(popup);
    let done: { message: unknown } | null = null;
    void watchOAuthPopup(popup, env).then((r) => (done = r));
    post({ source: {}, origin: env.origin, data: { ...ok, ok: false, message: "forged" } }); // another window: ignored
    post({ source: popup, origin: "https://evil.example", data: { ...ok, message: "forged" } }); // another origin: ignored
    post({ source: popup, origin: env.origin, data: { hello: "world" } }); // not our shape: ignored
    post({ source: popup, origin: env.origin, data: ok });
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toEqual({ message: ok });
    expect(listeners.size).toBe(0);
  });

  it("resolves with no message when the popup is closed without finishing", async () => {
    const popup = newPopup();
    const { env } = fakeEnv(popup);
    const watched = watchOAuthPopup(popup, env);
    await vi.advanceTimersByTimeAsync(5000);
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(1000);
    await expect(watched).resolves.toEqual({ message: null });
  });

  it("times out after 5 minutes (300000 ms), closing the popup", async () => {
    const popup = newPopup();
    const { env } = fakeEnv(popup);
    const watched = watchOAuthPopup(popup, env);
    const failed = expect(watched).rejects.toThrow(INTEGRATION_TEXT.timedOut);
    await vi.advanceTimersByTimeAsync(299_999);
    expect(popup.closed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await failed;
    expect(popup.closed).toBe(true);
  });
});
