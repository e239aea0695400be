/**
 * The production logger (http/logging.ts) and the test suites' log capture (testing/test-log.ts):
 * redaction of credentials at any depth, credential query parameters in request URLs, failed
 * SQL statements logged without their parameters, and the harness writing every test app's
 * log, at trace level, through exactly these options.
 */
import fs from "node:fs";
import path from "node:path";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/harness";
import { loggerOptions, redactUrl } from "./logging";
import { TEST_LOG_DIR_ENV } from "../testing/test-log";
import { users } from "../db/schema/users";
import { hashPassword } from "../security/passwords";

const lines: string[] = [];
const stream = new Writable({
  write(chunk: Buffer, _enc, cb) {
    lines.push(chunk.toString());
    cb();
  },
});
const logged = () => lines.join("");

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ build: { logger: loggerOptions("trace", stream) } });
});
afterAll(() => t.close());

describe("redactUrl", () => {
  it.each([
    ["/auth/reset-password?token=abc", "/auth/reset-password?token=[redacted]"],
    ["/api/daily/unsubscribe?token=x_y-z&lang=en", "/api/daily/unsubscribe?token=[redacted]&lang=en"],
    ["/cb?code=123&state=s1&scope=read", "/cb?code=[redacted]&state=[redacted]&scope=read"],
    ["/x?Token=1&%74oken=2", "/x?Token=[redacted]&%74oken=[redacted]"],
    ["/api/media?tab=notes", "/api/media?tab=notes"],
    ["/api/health", "/api/health"],
    ["/x?flag&token", "/x?flag&token"],
    ["/api/daily/audio/vMoA1b2C3d4E5f6G7h8I9j0KlMnOpQrStU", "/api/daily/audio/[redacted]"],
    ["/api/notifications/token/%7B%22endpoint%22%3A%22https%3A%2F%2Fpush%22%7D?x=1", "/api/notifications/token/[redacted]?x=1"],
    ["/api/notifications/preferences", "/api/notifications/preferences"],
  ])("%s -> %s", (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe("the production logger", () => {
  it("censors credential fields at the top level and up to two levels down", () => {
    lines.length = 0;
    t.app.log.info(
      {
        password: "top-level-pass",
        user: { passwordHash: "$argon2id$v=19$m=1", token: "nested-token" },
        body: { payment_method_data: { card_number: "4242424242424242", card_cvv: "987" }, newPassword: "fresh-pass-1" },
      },
      "redaction",
    );
    const out = logged();
    for (const secret of ["top-level-pass", "$argon2id", "nested-token", "4242424242424242", '"987"', "fresh-pass-1"]) expect(out).not.toContain(secret);
    expect(JSON.parse(out)).toMatchObject({
      password: "[redacted]",
      user: { passwordHash: "[redacted]", token: "[redacted]" },
      body: { payment_method_data: { card_number: "[redacted]", card_cvv: "[redacted]" }, newPassword: "[redacted]" },
    });
  });

  it("logs a request's URL with its token withheld", async () => {
    lines.length = 0;
    const token = "Abc123_secret-Unsubscribe-Token-xyz";
    await t.app.inject({ method: "GET", url: `/api/daily/unsubscribe?token=${token}` });
    const out = logged();
    expect(out).toContain('"url":"/api/daily/unsubscribe?token=[redacted]"');
    expect(out).not.toContain(token);
  });

  it("logs a failed SQL statement without its parameters (which held a password hash and an email)", async () => {
    const email = `dup-${Date.now()}@example.org`;
    const passwordHash = await hashPassword("duplicate-pass");
    await t.db.insert(users).values({ email, passwordHash, firstName: "A", lastName: "B" });
    const err = await t.db
      .insert(users)
      .values({ email, passwordHash, firstName: "A", lastName: "B" })
      .then(
        () => null,
        (e: unknown) => e as Error,
      );
    expect(err).toBeInstanceOf(Error);
    // The raw error does carry them: this is what the logger must not write.
    expect(String(err!.message)).toContain(passwordHash);
    lines.length = 0;
    t.app.log.error({ err }, "insert failed");
    const out = logged();
    const parsed = JSON.parse(out) as { err: { message: string; stack: string; params: string } };
    expect(out).not.toContain("$argon2");
    expect(out).not.toContain(email);
    expect(parsed.err.message).toMatch(/^Failed query: insert into "users"/);
    expect(parsed.err.message).toContain("params: [7 withheld from logs]".replace("7", String((err as unknown as { params: unknown[] }).params.length)));
    expect(parsed.err.stack).toContain("withheld from logs");
    expect(parsed.err.params).toMatch(/withheld/);
  });

  it("withholds PostgreSQL's row detail, which can quote a whole row", () => {
    lines.length = 0;
    const err = Object.assign(new Error('null value in column "first_name" violates not-null constraint'), {
      code: "23502",
      detail: "Failing row contains (id, someone@example.org, $argon2id$v=19$m=19456, null).",
    });
    t.app.log.error({ err }, "constraint");
    const out = logged();
    expect(out).not.toContain("$argon2");
    expect(JSON.parse(out).err).toMatchObject({ code: "23502", detail: "[redacted]", message: err.message });
  });
});

describe("the test harness's log capture", () => {
  it("writes every test app's log, at trace level with the production options, to this test file's log in the run directory", async () => {
    const dir = process.env[TEST_LOG_DIR_ENV];
    expect(dir, `${TEST_LOG_DIR_ENV} is set by the vitest global setup`).toBeTruthy();
    const plain = await createTestApp();
    try {
      expect(plain.app.log.level).toBe("trace");
      const marker = `marker-${Date.now()}`;
      plain.app.log.info({ marker, password: "harness-level-pass" }, "harness capture check");
      await plain.app.inject({ method: "GET", url: `/api/daily/unsubscribe?token=Zz9${marker}` });
      const file = path.join(dir!, `${path.relative(process.cwd(), expect.getState().testPath!).replace(/[\\/]/g, "__")}.log`);
      const text = fs.readFileSync(file, "utf8");
      const mine = text.split("\n").filter((l) => l.includes(marker) || l.includes("unsubscribe"));
      expect(mine.length).toBeGreaterThanOrEqual(2);
      expect(text).toContain('"password":"[redacted]"');
      expect(text).not.toContain("harness-level-pass");
      expect(text).toContain("token=[redacted]");
    } finally {
      await plain.close();
    }
  });
});
