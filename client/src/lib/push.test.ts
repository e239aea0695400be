import { describe, expect, it } from "vitest";
import { PUSH_TOKEN_REFRESH_MS } from "@contract/service-worker";
import { isRegisteredHere, pushRefreshAction, type StoredRegistration } from "./push";

const now = Date.parse("2026-05-10T12:00:00Z");
const stored: StoredRegistration = { userId: "u1", endpoint: "https://push.example.org/a", at: now - 1000, key: "k" };

describe("pushRefreshAction (spec section 9: token refresh after 7 days)", () => {
  it("does nothing for a member who did not turn push on here", () => {
    expect(pushRefreshAction(null, "https://push.example.org/a", "u1", now)).toBe("none");
    expect(pushRefreshAction(stored, "https://push.example.org/a", "u2", now)).toBe("none");
  });
  it("does nothing while the registration is younger than 7 days and unchanged", () => {
    expect(pushRefreshAction({ ...stored, at: now - PUSH_TOKEN_REFRESH_MS + 60_000 }, stored.endpoint, "u1", now)).toBe("none");
  });
  it("re-registers once it is 7 days old", () => {
    expect(pushRefreshAction({ ...stored, at: now - PUSH_TOKEN_REFRESH_MS }, stored.endpoint, "u1", now)).toBe("reregister");
  });
  it("re-registers when the browser replaced the subscription, and re-subscribes when it dropped it", () => {
    expect(pushRefreshAction(stored, "https://push.example.org/b", "u1", now)).toBe("reregister");
    expect(pushRefreshAction(stored, null, "u1", now)).toBe("resubscribe");
  });
});

describe("isRegisteredHere", () => {
  it("is true only for this member's own current subscription", () => {
    expect(isRegisteredHere(stored, stored.endpoint, "u1")).toBe(true);
    expect(isRegisteredHere(stored, stored.endpoint, "u2")).toBe(false);
    expect(isRegisteredHere(stored, "https://push.example.org/other", "u1")).toBe(false);
    expect(isRegisteredHere(stored, null, "u1")).toBe(false);
    expect(isRegisteredHere(null, stored.endpoint, "u1")).toBe(false);
  });
});
