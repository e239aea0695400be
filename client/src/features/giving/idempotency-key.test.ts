/** When a gift submission keeps its Idempotency-Key and when it makes a new one. */
import { describe, expect, it } from "vitest";
import { GIVING_TEXT } from "@contract/giving";
import { keepKeyAfter, keyFor } from "./idempotency-key";

describe("gift Idempotency-Key", () => {
  it("keeps the key for the same details and makes a new one for new details", () => {
    const first = keyFor(null, "body-1");
    expect(first.key).toMatch(/.{16,}/);
    expect(keyFor(first, "body-1")).toBe(first);
    const changed = keyFor(first, "body-2");
    expect(changed.key).not.toBe(first.key);
    expect(keyFor(null, "body-1").key).not.toBe(first.key);
  });

  it("keeps the key without an answer, after a 5xx and while the first is in progress; drops it after any other answer", () => {
    expect(keepKeyAfter(new TypeError("Failed to fetch"))).toBe(true);
    expect(keepKeyAfter(new Error(`503: {"error":"${GIVING_TEXT.gatewayUnavailable}"}`))).toBe(true);
    expect(keepKeyAfter(new Error(`500: {"error":"Internal Server Error"}`))).toBe(true);
    expect(keepKeyAfter(new Error(`409: {"error":"${GIVING_TEXT.idempotencyInProgress}"}`))).toBe(true);
    expect(keepKeyAfter(new Error(`409: {"error":"${GIVING_TEXT.idempotencyMismatch}"}`))).toBe(false);
    expect(keepKeyAfter(new Error(`402: {"error":"Your card was declined.","code":"PAYMENT_FAILED"}`))).toBe(false);
    expect(keepKeyAfter(new Error(`400: {"error":"CVV required"}`))).toBe(false);
    expect(keepKeyAfter(new Error(`429: {"error":"Too many attempts"}`))).toBe(false);
  });
});
