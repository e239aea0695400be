/**
 * TRUST_PROXY (decision 0091): behind the proxies the operator names, the caller is the address
 * the nearest trusted proxy appended to X-Forwarded-For, never what the caller wrote there
 * itself. Proven through the per-address sign-in limit, which is keyed by that address.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/harness";

const LIMIT = 3;
let hops: TestApp;
let listed: TestApp;
beforeAll(async () => {
  const env = { AUTH_RATE_LIMIT_PER_IP: String(LIMIT) };
  hops = await createTestApp({ env: { ...env, TRUST_PROXY: "1" } });
  listed = await createTestApp({ env: { ...env, TRUST_PROXY: "10.0.0.0/8, 127.0.0.1" } });
});
afterAll(async () => {
  await hops?.close();
  await listed?.close();
});

let n = 0;
/** A wrong sign-in, from `remoteAddress` (the TCP peer), carrying `forwardedFor`. */
const attempt = (t: TestApp, remoteAddress: string, forwardedFor: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    remoteAddress,
    headers: { "x-forwarded-for": forwardedFor },
    payload: { email: `nobody${++n}@example.org`, password: "wrong-password" },
  });

describe("TRUST_PROXY", () => {
  it("=1: a spoofed left-most X-Forwarded-For changes nothing; the address the proxy appended is the caller", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++) {
      // The caller writes a new address each time; the proxy (10.0.0.2) appends the real one.
      statuses.push((await attempt(hops, "10.0.0.2", `198.51.100.${i + 1}, 203.0.113.7`)).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    // Another real caller behind the same proxy has its own allowance.
    expect((await attempt(hops, "10.0.0.2", "203.0.113.8")).statusCode).toBe(401);
  });

  it("=addresses: only the named proxies are trusted; a caller reaching the app directly is its own address", async () => {
    const viaProxy: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++) viaProxy.push((await attempt(listed, "10.1.2.3", `198.51.100.${i + 1}, 10.9.9.9, 203.0.113.20`)).statusCode);
    expect(viaProxy).toEqual([401, 401, 401, 429]);
    const direct: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++) direct.push((await attempt(listed, "192.0.2.50", `198.51.100.${i + 1}`)).statusCode);
    expect(direct).toEqual([401, 401, 401, 429]);
  });
});
