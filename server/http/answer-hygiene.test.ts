/**
 * What every answer leaves out or carries (docs/security.md, "Abuse resistance"):
 * - `Cache-Control: no-store` on every API answer, signed-in or handing out a token, while the
 *   client's hashed assets keep their year-long immutable caching;
 * - no framework error code (FST_ERR_...) or framework wording in a 4xx body, in either language;
 * - names and other display text lose bidirectional-override and zero-width characters on input.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/harness";
import { ERROR_TEXT } from "../../contract/errors-text";
import { messagesFor } from "../i18n";
import { stripInvisible } from "../../contract/display-text";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "koinonia-hygiene-"));
fs.mkdirSync(path.join(tmp, "assets"), { recursive: true });
fs.writeFileSync(path.join(tmp, "index.html"), "<!doctype html><html><body></body></html>");
fs.writeFileSync(path.join(tmp, "assets", "index-abc123.js"), "console.log('app');\n");

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { CLIENT_DIR: tmp }, build: { serveClient: true } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe("Cache-Control", () => {
  it("is no-store on every API answer (a member's data, an error, a token), and assets stay immutable", async () => {
    const member = await t.signUp();
    const answers = await Promise.all([
      t.app.inject({ method: "GET", url: "/api/church/me", headers: member.auth }),
      t.app.inject({ method: "GET", url: "/api/prayers", headers: member.auth }),
      t.app.inject({ method: "GET", url: "/api/notifications", headers: member.auth }),
      t.app.inject({ method: "GET", url: "/api/church/me" }),
      t.app.inject({ method: "POST", url: "/api/prayer-requests", headers: member.auth, payload: {} }),
      t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: member.user.email, password: member.password } }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 401, 400, 200]);
    answers.forEach((a, i) => expect(a.headers["cache-control"], `answer ${i}`).toBe("no-store"));
    const asset = await t.app.inject({ method: "GET", url: "/assets/index-abc123.js" });
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });
});

describe("framework errors", () => {
  /** Fastify's codes and wordings ("Unsupported Media Type: application/xml", "Request body is too large", ...). */
  const FRAMEWORK = /FST_|Media Type|JSON|body/i;

  it("carry our code and words, never Fastify's", async () => {
    const member = await t.signUp();
    const cases = [
      [415, { "content-type": "application/xml" }, "<a/>", ERROR_TEXT.unsupportedMediaType, "UNSUPPORTED_MEDIA_TYPE"],
      [400, { "content-type": "application/json" }, "{not json", ERROR_TEXT.unreadableRequest, "BAD_REQUEST"],
      [400, { "content-type": "application/json" }, "", ERROR_TEXT.unreadableRequest, "BAD_REQUEST"],
      [413, { "content-type": "application/json" }, JSON.stringify({ title: "x".repeat(70_000) }), ERROR_TEXT.requestTooLarge, "TOO_LARGE"],
    ] as const;
    for (const [status, headers, payload, error, code] of cases) {
      const res = await t.app.inject({ method: "POST", url: "/api/prayer-requests", headers: { ...member.auth, ...headers }, payload });
      expect(res.statusCode, payload.slice(0, 20)).toBe(status);
      expect(res.json()).toEqual({ error, code });
      expect(res.body).not.toMatch(FRAMEWORK);
    }
    const es = await t.app.inject({ method: "POST", url: "/api/prayer-requests", headers: { ...member.auth, "content-type": "application/xml", "accept-language": "es" }, payload: "<a/>" });
    expect(es.json()).toEqual({ error: messagesFor("es").errors.unsupportedMediaType, code: "UNSUPPORTED_MEDIA_TYPE" });
  });
});

describe("display text", () => {
  const RLO = "\u202E";
  const hidden = "\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200B\u200C\u200D\u200E\u200F\u2060\uFEFF";

  it("loses bidirectional-override and zero-width characters: names, prayers, testimonies", async () => {
    expect(stripInvisible(`a${hidden}b`)).toBe("ab");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { email: `bidi-${Date.now()}@example.org`, password: "secret-pass", firstName: `Ev${RLO}e`, lastName: `\u200BAdams\uFEFF` },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().user).toMatchObject({ firstName: "Eve", lastName: "Adams" });
    const auth = { authorization: `Bearer ${res.json().token as string}` };

    const prayer = await t.app.inject({
      method: "POST",
      url: "/api/prayer-requests",
      headers: auth,
      payload: { title: `Heal${RLO}ing`, description: `For my ${hidden}mother`, isAnonymous: false, isUrgent: false, category: "Health & Healing" },
    });
    expect(prayer.statusCode, prayer.body).toBe(201);
    const list = (await t.app.inject({ method: "GET", url: "/api/prayers", headers: auth })).json() as { id: string; title: string; description: string }[];
    expect(list.find((p) => p.id === prayer.json().id)).toMatchObject({ title: "Healing", description: "For my mother" });

    const testimony = await t.app.inject({ method: "POST", url: "/api/testimonies", headers: auth, payload: { text: `God is ${RLO}good, all the time.` } });
    expect(testimony.statusCode, testimony.body).toBe(201);
    expect(testimony.json().text).toBe("God is good, all the time.");
  });

  it("a text of nothing but them is empty, and refused where text is required", async () => {
    const member = await t.signUp();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/prayer-requests",
      headers: member.auth,
      payload: { title: "\u200B\u200B\u202E", description: "For my mother", isAnonymous: false, isUrgent: false, category: "Health & Healing" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].path).toBe("body.title");
  });
});
