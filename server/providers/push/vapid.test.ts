/** VAPID keys: generated once, stored sealed, reused across restarts and processes; config wins. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import webpush from "web-push";
import { openTestDatabase } from "../../testing/harness";
import type { Database } from "../../db/client";
import { createSecretBox } from "../../security/secret-box";
import { pushVapidKeys } from "../../db/schema/notifications";
import { createVapidKeySource } from "./vapid";
import { loadConfig } from "../../config";

let database: Database;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ database, dispose } = await openTestDatabase());
});
afterAll(() => dispose());

const config = { vapidSubject: "mailto:no-reply@koinonia.test" };

describe("VAPID keys", () => {
  it("are generated once (even by two processes at once), sealed at rest, and the same after a restart", async () => {
    const secrets = createSecretBox(randomBytes(32));
    // Two server processes starting on an empty database at the same moment.
    const [a, b] = await Promise.all([createVapidKeySource({ db: database.db, secrets, config })(), createVapidKeySource({ db: database.db, secrets, config })()]);
    expect(a).toEqual(b);
    expect(Buffer.from(a.publicKey, "base64url")).toHaveLength(65);
    expect(Buffer.from(a.privateKey, "base64url")).toHaveLength(32);
    expect(a.subject).toBe("mailto:no-reply@koinonia.test");

    const rows = await database.db.select().from(pushVapidKeys);
    expect(rows).toHaveLength(1);
    expect(rows[0].publicKey).toBe(a.publicKey);
    expect(rows[0].privateKeySealed).not.toContain(a.privateKey);

    // A restart: a new source (no cache) reads the same pair.
    const restarted = await createVapidKeySource({ db: database.db, secrets, config })();
    expect(restarted).toEqual(a);

    // A different SECRETS_KEY cannot open it, and says so instead of silently making a new pair.
    await expect(createVapidKeySource({ db: database.db, secrets: createSecretBox(randomBytes(32)), config })()).rejects.toThrow(/SECRETS_KEY/);
    expect(await database.db.select().from(pushVapidKeys)).toHaveLength(1);
  });

  it("come from config when given, and nothing is generated", async () => {
    const fixed = webpush.generateVAPIDKeys();
    const c = loadConfig({ VAPID_PUBLIC_KEY: fixed.publicKey, VAPID_PRIVATE_KEY: fixed.privateKey, VAPID_SUBJECT: "https://church.example.org" });
    const keys = await createVapidKeySource({ db: database.db, secrets: createSecretBox(randomBytes(32)), config: c.push })();
    expect(keys).toEqual({ publicKey: fixed.publicKey, privateKey: fixed.privateKey, subject: "https://church.example.org" });
  });

  it("config: both keys or neither, well formed; the subject defaults to the EMAIL_FROM address", () => {
    const fixed = webpush.generateVAPIDKeys();
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: fixed.publicKey })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: "short", VAPID_PRIVATE_KEY: fixed.privateKey })).toThrow(/VAPID_PUBLIC_KEY/);
    expect(() => loadConfig({ VAPID_SUBJECT: "http://insecure.example.org" })).toThrow(/VAPID_SUBJECT/);
    expect(loadConfig({ EMAIL_FROM: "Grace Church <hello@grace.example.org>" }).push.vapidSubject).toBe("mailto:hello@grace.example.org");
    // The local stand-in push service is reachable in tests only.
    expect(loadConfig({ NODE_ENV: "test" }).push.allowLocalhostEndpoints).toBe(true);
    expect(loadConfig({}).push.allowLocalhostEndpoints).toBe(false);
    expect(loadConfig({ NODE_ENV: "production" }).push.allowLocalhostEndpoints).toBe(false);
  });
});
