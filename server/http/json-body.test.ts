/**
 * Request bodies (json-body.ts): deep nesting is refused before parsing, every route takes a
 * body near its real need, and the largest body the contract allows still fits.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RouteOptions } from "fastify";
import { createTestApp, type TestApp } from "../testing/harness";
import { BODY_LIMITS, DEFAULT_BODY_LIMIT, MAX_JSON_DEPTH, scanJson } from "./json-body";
import { ERROR_TEXT } from "../../contract/errors-text";
import { messagesFor } from "../i18n";
import { NOTE_CONTENT_MAX, NOTE_TITLE_MAX } from "../../contract/notes-text";
import { AI_MESSAGES_MAX, AI_MESSAGE_MAX } from "../../contract/ai-prayer-text";

let t: TestApp;
const routes: RouteOptions[] = [];
beforeAll(async () => {
  t = await createTestApp({ build: { onRoute: (r) => void routes.push(r) } });
});
afterAll(() => t.close());

const nested = (depth: number) => `{"name":${"[".repeat(depth)}${"]".repeat(depth)}}`;

describe("scanJson", () => {
  it("counts brackets outside strings only, and finds an escaped NUL", () => {
    expect(scanJson(nested(MAX_JSON_DEPTH - 1), MAX_JSON_DEPTH).tooDeep).toBe(false);
    expect(scanJson(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH).tooDeep).toBe(true);
    expect(scanJson(JSON.stringify({ a: "[".repeat(1000), b: '\\"[[[' }), MAX_JSON_DEPTH)).toEqual({ tooDeep: false, nul: false });
    expect(scanJson(JSON.stringify({ a: "x\u0000" }), MAX_JSON_DEPTH).nul).toBe(true);
    expect(scanJson(JSON.stringify({ ["k\u0000"]: 1 }), MAX_JSON_DEPTH).nul).toBe(true);
    // A backslash followed by the text "u0000" is not a NUL; a backslash followed by a NUL is.
    expect(scanJson(JSON.stringify({ a: "\\u0000" }), MAX_JSON_DEPTH).nul).toBe(false);
    expect(scanJson(JSON.stringify({ a: "\\\u0000" }), MAX_JSON_DEPTH).nul).toBe(true);
  });

  it("agrees with the parsed value on thousands of bodies full of quotes, backslashes, brackets and NULs", () => {
    // Depth and NUL of the parsed value, the ground truth the text scan must match.
    const truth = (v: unknown): { depth: number; nul: boolean } => {
      if (typeof v === "string") return { depth: 0, nul: v.includes("\u0000") };
      if (v && typeof v === "object") {
        const entries = Array.isArray(v) ? v.map((x) => ["", x] as const) : Object.entries(v);
        let depth = 0;
        let nul = false;
        for (const [k, x] of entries) {
          const t = truth(x);
          depth = Math.max(depth, t.depth);
          nul ||= t.nul || k.includes("\u0000");
        }
        return { depth: depth + 1, nul };
      }
      return { depth: 0, nul: false };
    };
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const pieces = ['"', "\\", "[", "]", "{", "}", "u0000", "\u0000", "x", " "];
    const text = () => Array.from({ length: rand(12) }, () => pieces[rand(pieces.length)]).join("");
    const value = (d: number): unknown => {
      const k = rand(d > 40 ? 2 : 4);
      if (k === 0) return text();
      if (k === 1) return rand(100);
      if (k === 2) return Array.from({ length: rand(3) + 1 }, () => value(d + 1));
      return Object.fromEntries(Array.from({ length: rand(3) + 1 }, () => [text(), value(d + 1)]));
    };
    for (let i = 0; i < 3000; i++) {
      const v = value(0);
      const json = JSON.stringify(v);
      const t = truth(v);
      const max = rand(8) + 1;
      const got = scanJson(json, max);
      expect(got.tooDeep, json).toBe(t.depth > max);
      if (!got.tooDeep) expect(got.nul, json).toBe(t.nul);
    }
  });
});

describe("JSON bodies", () => {
  it("nesting deeper than the bound is a 400 with a clear message (in the asker's language), from anyone", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/visitors", headers: { "content-type": "application/json" }, payload: nested(2000) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: ERROR_TEXT.nestedTooDeep, code: "BAD_REQUEST", issues: [{ path: "body" }] });
    const member = await t.signUp();
    const es = await t.app.inject({
      method: "POST",
      url: "/api/prayer-requests",
      headers: { ...member.auth, "content-type": "application/json", "accept-language": "es" },
      payload: `{"title":${"[".repeat(50_000)}`,
    });
    expect(es.statusCode).toBe(400);
    expect(es.json().error).toBe(messagesFor("es").errors.nestedTooDeep);
  });

  it("a 1 MB body is refused for its size before it is parsed", async () => {
    const member = await t.signUp();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/prayer-requests",
      headers: { ...member.auth, "content-type": "application/json" },
      payload: "[".repeat(1_000_000),
    });
    expect(res.statusCode).toBe(413);
  });

  it("a sign-in body over its 4 KB is a 413", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: "a@example.org", password: "x".repeat(5000) } });
    expect(res.statusCode).toBe(413);
    // A real one is far below it.
    const ok = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: "a@example.org", password: "wrong-password" } });
    expect(ok.statusCode).toBe(401);
  });

  it("each limit names a real route, and the rest take the default", () => {
    const registered = new Map<string, number | undefined>();
    for (const r of routes) for (const m of [r.method].flat()) registered.set(`${m} ${r.url}`, r.bodyLimit);
    for (const [key, limit] of Object.entries(BODY_LIMITS)) expect(registered.get(key), key).toBe(limit);
    expect(registered.get("POST /api/prayer-requests")).toBeUndefined();
    expect(DEFAULT_BODY_LIMIT).toBe(64 * 1024);
  });

  it("the largest note and AI conversation the contract allows still fit (3-byte characters throughout)", async () => {
    const member = await t.signUp();
    const note = await t.app.inject({
      method: "POST",
      url: "/api/personal-notes",
      headers: member.auth,
      payload: { title: "€".repeat(NOTE_TITLE_MAX), content: "€".repeat(NOTE_CONTENT_MAX) },
    });
    expect(note.statusCode, note.body).toBe(201);
    const messages = Array.from({ length: AI_MESSAGES_MAX }, (_, i) => ({ role: i % 2 ? "assistant" : "user", content: "€".repeat(AI_MESSAGE_MAX) }));
    expect(Buffer.byteLength(JSON.stringify({ messages }))).toBeLessThan(BODY_LIMITS["POST /api/ai-prayer/messages"]);
    expect(Buffer.byteLength(JSON.stringify({ title: "€".repeat(NOTE_TITLE_MAX), content: "€".repeat(NOTE_CONTENT_MAX) }))).toBeLessThan(BODY_LIMITS["POST /api/personal-notes"]);
  });
});
