/** Password hashing runs under a limit (decision 0133): a burst waits its turn instead of taking every core. */
import { afterEach, describe, expect, it } from "vitest";
import { hashPassword, passwordHashLoad, setPasswordHashConcurrency, verifyPassword } from "./passwords";

afterEach(() => setPasswordHashConcurrency(undefined));

describe("password hashing under a limit", () => {
  it("runs at most the limit at once, the rest wait in line, and every answer is still right", async () => {
    setPasswordHashConcurrency(2);
    const hash = await hashPassword("correct horse");
    let most = 0;
    let waited = 0;
    const watch = setInterval(() => {
      const { running, waiting } = passwordHashLoad();
      most = Math.max(most, running);
      waited = Math.max(waited, waiting);
    }, 1);
    const checks = await Promise.all(Array.from({ length: 8 }, (_, i) => verifyPassword(hash, i % 2 ? "correct horse" : "wrong horse")));
    clearInterval(watch);
    expect(checks).toEqual([false, true, false, true, false, true, false, true]);
    expect(most).toBe(2);
    expect(waited).toBeGreaterThan(0);
    expect(passwordHashLoad()).toEqual({ running: 0, waiting: 0 });
  });

  it("a failed check frees its place (a malformed hash is a wrong password, not a stuck line)", async () => {
    setPasswordHashConcurrency(1);
    expect(await verifyPassword("not-an-argon2-hash", "x")).toBe(false);
    expect(await verifyPassword(null, "x")).toBe(false);
    expect(passwordHashLoad()).toEqual({ running: 0, waiting: 0 });
  });
});
