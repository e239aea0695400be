/**
 * Security headers (docs/security.md) on every kind of answer: API JSON, errors, 404s, the
 * SPA's index.html (at / and as the fallback of app routes), hashed assets, public files, the
 * unsubscribe page and the event stream; HSTS only when PUBLIC_URL is https; frame-src lists
 * only the embedded visitor form's origin.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/harness";
import { embeddedOrigins } from "./security-headers";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "koinonia-headers-"));
const clientDir = path.join(tmp, "client");
fs.mkdirSync(path.join(clientDir, "assets"), { recursive: true });
fs.writeFileSync(path.join(clientDir, "index.html"), "<!doctype html><html><body><div id=root></div><script type=module src=/assets/index-abc123.js></script></body></html>");
fs.writeFileSync(path.join(clientDir, "assets", "index-abc123.js"), "console.log('app');\n");
fs.writeFileSync(path.join(clientDir, "church-logo.svg"), '<svg xmlns="http://www.w3.org/2000/svg"/>');
// A chunk with the compressed copies the build writes beside it (vite.config.ts). Each copy says
// which it is, so the test sees the file was sent as built, not compressed again on the way.
const chunk = (which: string) => `export const built = "${which}";\n${"// padding\n".repeat(200)}`;
fs.writeFileSync(path.join(clientDir, "assets", "chunk-abc123.js"), chunk("raw"));
fs.writeFileSync(path.join(clientDir, "assets", "chunk-abc123.js.br"), zlib.brotliCompressSync(chunk("br")));
fs.writeFileSync(path.join(clientDir, "assets", "chunk-abc123.js.gz"), zlib.gzipSync(chunk("gz")));
fs.writeFileSync(path.join(clientDir, "assets", "plain-abc123.js"), chunk("plain"));

const churchWithForm = path.join(tmp, "church.json");
const church = JSON.parse(fs.readFileSync("config/church.json", "utf8"));
church.links.visitorsForm = "https://forms.example.org/koinonia/visit?embed=1";
fs.writeFileSync(churchWithForm, JSON.stringify(church));

let http: TestApp; // PUBLIC_URL http, no embedded form
let https: TestApp; // PUBLIC_URL https, with the church's external visitor form
let base: string;
beforeAll(async () => {
  http = await createTestApp({ env: { CLIENT_DIR: clientDir }, build: { serveClient: true } });
  // A second server on a database of its own: the church config file seeds a new database only
  // (decision 0106), so the one with the visitor form needs a new one.
  https = await createTestApp({
    env: { CLIENT_DIR: clientDir, PUBLIC_URL: "https://app.koinonia.example", CHURCH_CONFIG: churchWithForm },
    build: { serveClient: true },
  });
  base = await http.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => {
  await https?.close();
  await http?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** Every kind of answer the server gives, as [label, method, url, expected status]. */
const ANSWERS = [
  ["API JSON", "GET", "/api/health", 200],
  ["API public JSON", "GET", "/api/church/public", 200],
  ["API 401", "GET", "/api/church/me", 401],
  ["API 404", "GET", "/api/no-such-thing", 404],
  ["API 400", "POST", "/api/auth/login", 400],
  ["index.html at /", "GET", "/", 200],
  ["index.html as an app route's fallback", "GET", "/profile", 200],
  ["a hashed asset", "GET", "/assets/index-abc123.js", 200],
  ["a public file", "GET", "/church-logo.svg", 200],
  ["the unsubscribe page (HTML)", "GET", "/api/daily/unsubscribe?token=unknown-token", 404],
] as const;

function directives(csp: string) {
  return Object.fromEntries(
    csp
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name, values]),
  );
}

function expectCommonHeaders(headers: Record<string, unknown>, label: string) {
  expect(headers["x-content-type-options"], label).toBe("nosniff");
  expect(headers["referrer-policy"], label).toBe("strict-origin-when-cross-origin");
  expect(headers["x-frame-options"], label).toBe("DENY");
  const csp = directives(String(headers["content-security-policy"] ?? ""));
  expect(csp["frame-ancestors"], label).toEqual(["'none'"]);
  expect(csp["default-src"], label).toEqual(["'self'"]);
  expect(csp["script-src"], label).toEqual(["'self'"]);
  expect(csp["object-src"], label).toEqual(["'none'"]);
  expect(csp["connect-src"], label).toEqual(["'self'"]);
  return csp;
}

describe("over http (PUBLIC_URL http://…)", () => {
  for (const [label, method, url, status] of ANSWERS) {
    it(`${label}: CSP with frame-ancestors 'none' and frame-src 'none', nosniff, Referrer-Policy, and no HSTS`, async () => {
      const res = await http.app.inject({ method, url, payload: method === "POST" ? {} : undefined });
      expect(res.statusCode, label).toBe(status);
      const csp = expectCommonHeaders(res.headers, label);
      expect(csp["frame-src"], label).toEqual(["'none'"]);
      expect(res.headers["strict-transport-security"], label).toBeUndefined();
    });
  }

  it("the event stream carries the same headers (its reply is written by hand)", async () => {
    const member = await http.signUp();
    const ctrl = new AbortController();
    const res = await fetch(`${base}/api/events`, { headers: member.auth, signal: ctrl.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const headers = Object.fromEntries(res.headers.entries());
    expectCommonHeaders(headers, "event stream");
    expect(headers["strict-transport-security"]).toBeUndefined();
    ctrl.abort();
  });

  it("serves the real index.html and asset (so the headers above are on the files, not on an error)", async () => {
    const index = await http.app.inject({ method: "GET", url: "/profile" });
    expect(index.headers["content-type"]).toMatch(/^text\/html/);
    expect(index.body).toContain('<div id=root>');
    const asset = await http.app.inject({ method: "GET", url: "/assets/index-abc123.js" });
    expect(asset.headers["content-type"]).toMatch(/javascript/);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("sends the build's brotli or gzip copy of an asset as it is, and compresses one without copies on the way", async () => {
    const get = (url: string, enc: string) => http.app.inject({ method: "GET", url, headers: { "accept-encoding": enc } });
    const br = await get("/assets/chunk-abc123.js", "gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(chunk("br"));
    const gz = await get("/assets/chunk-abc123.js", "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(chunk("gz"));
    const raw = await get("/assets/chunk-abc123.js", "identity");
    expect(raw.headers["content-encoding"]).toBeUndefined();
    expect(raw.body).toBe(chunk("raw"));
    const plain = await get("/assets/plain-abc123.js", "br");
    expect(plain.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(plain.rawPayload).toString()).toBe(chunk("plain"));
  });
});

describe("over https (PUBLIC_URL https://…) with an embedded visitor form", () => {
  for (const [label, method, url, status] of ANSWERS) {
    it(`${label}: HSTS for a year with subdomains, and frame-src only the visitor form's origin`, async () => {
      const res = await https.app.inject({ method, url, payload: method === "POST" ? {} : undefined });
      expect(res.statusCode, label).toBe(status);
      const csp = expectCommonHeaders(res.headers, label);
      expect(csp["frame-src"], label).toEqual(["https://forms.example.org"]);
      const hsts = String(res.headers["strict-transport-security"]);
      expect(hsts, label).toMatch(/max-age=31536000/);
      expect(hsts, label).toMatch(/includeSubDomains/);
    });
  }

  it("the sign-in cookie is Secure over https", async () => {
    const member = await https.signUp();
    const login = await https.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: member.user.email, password: member.password } });
    const cookie = login.cookies.find((c) => c.name === "koinonia_events");
    expect(cookie?.secure).toBe(true);
  });
});

describe("embeddedOrigins", () => {
  it("is the visitor form's origin only (path and query dropped), or nothing", () => {
    expect(embeddedOrigins({ links: { ...church.links } })).toEqual(["https://forms.example.org"]);
    expect(embeddedOrigins({ links: { ...church.links, visitorsForm: undefined } })).toEqual([]);
  });
});
