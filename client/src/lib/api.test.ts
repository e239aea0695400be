import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { apiRequest, endingSession, errorText, getQueryFn, isNetworkError } from "./api";

/** A real HTTP server that echoes what it received, and answers errors on /fail/<status>. */
let server: http.Server;
let base: string;
const store = new Map<string, string>();
/** Every path the server was asked for. */
const asked: string[] = [];

beforeAll(async () => {
  (globalThis as { localStorage?: unknown }).localStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  };
  server = http.createServer((req, res) => {
    asked.push(req.url ?? "");
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const m = /^\/fail\/(\d{3})(\/empty)?$/.exec(req.url ?? "");
      if (m) {
        res.writeHead(Number(m[1]));
        res.end(m[2] ? "" : JSON.stringify({ error: "Nope", code: "X" }));
        return;
      }
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ method: req.method, url: req.url, headers: req.headers, body }));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => store.clear());

describe("apiRequest (spec section 7)", () => {
  it("sends JSON with a content type only when a body is given, and the stored token as a bearer", async () => {
    store.set("token", "tok-123");
    const withBody = await (await apiRequest("POST", `${base}/x`, { a: 1 })).json();
    expect(withBody.headers["content-type"]).toBe("application/json");
    expect(withBody.headers.authorization).toBe("Bearer tok-123");
    expect(JSON.parse(withBody.body)).toEqual({ a: 1 });
    const noBody = await (await apiRequest("DELETE", `${base}/x`)).json();
    expect(noBody.headers["content-type"]).toBeUndefined();
    expect(noBody.body).toBe("");
  });

  it("sends no authorization header when no token is stored", async () => {
    const res = await (await apiRequest("GET", `${base}/x`)).json();
    expect(res.headers.authorization).toBeUndefined();
  });

  it("turns a non-ok answer into 'status: body text', or the status text when the body is empty", async () => {
    await expect(apiRequest("GET", `${base}/fail/409`)).rejects.toThrow('409: {"error":"Nope","code":"X"}');
    await expect(apiRequest("GET", `${base}/fail/404/empty`)).rejects.toThrow("404: Not Found");
  });
});

describe("getQueryFn", () => {
  const run = (on401: "returnNull" | "throw", key: string[]) =>
    getQueryFn<unknown>({ on401 })({ queryKey: key, signal: new AbortController().signal, meta: undefined } as never);

  it("joins the query key segments with slashes", async () => {
    const res = (await run("throw", [base, "api", "polls", "p1", "results"])) as { url: string; method: string };
    expect(res).toMatchObject({ method: "GET", url: "/api/polls/p1/results" });
  });

  it("returns null on a 401 when asked to, and throws otherwise", async () => {
    expect(await run("returnNull", [`${base}/fail/401`])).toBeNull();
    await expect(run("throw", [`${base}/fail/401`])).rejects.toThrow(/^401: /);
  });
});

describe("a sign-out under way (endingSession)", () => {
  it("sends no read with the token being ended, still sends the logout, and reads again once the token is gone", async () => {
    store.set("token", "tok-ending");
    endingSession("tok-ending");
    try {
      let settled = false;
      const reads = [
        apiRequest("GET", `${base}/held-request`),
        getQueryFn<unknown>({ on401: "throw" })({ queryKey: [`${base}/held-query`], meta: undefined, signal: new AbortController().signal } as never),
      ];
      void Promise.race(reads).finally(() => (settled = true));
      const logout = await (await apiRequest("POST", `${base}/logout`)).json();
      expect(logout.headers.authorization).toBe("Bearer tok-ending");
      await new Promise((r) => setTimeout(r, 100));
      expect(settled).toBe(false);
      expect(asked).not.toContain("/held-request");
      expect(asked).not.toContain("/held-query");
      // The token removed (signed out): reads go out again, with no token.
      store.delete("token");
      const after = await (await apiRequest("GET", `${base}/after`)).json();
      expect(after.headers.authorization).toBeUndefined();
    } finally {
      endingSession(null);
    }
  });
});

describe("errorText", () => {
  it("shows the server's error field, else the raw message", () => {
    expect(errorText(new Error('401: {"error":"Invalid email or password"}'))).toBe("Invalid email or password");
    expect(errorText(new Error("500: Internal Server Error"))).toBe("Internal Server Error");
    expect(errorText(new Error("Failed to fetch"))).toBe("Failed to fetch");
    expect(errorText("nope")).toBeUndefined();
  });

  it("says plainly that there is no connection when fetch got no answer at all", async () => {
    // A real fetch to a closed port rejects the way an offline browser's does: a TypeError.
    const err = await fetch("http://127.0.0.1:9/").catch((e: unknown) => e);
    expect(isNetworkError(err)).toBe(true);
    expect(errorText(err)).toBe("No connection. Try again when you're back online.");
    expect(isNetworkError(new Error("503: down"))).toBe(false);
  });
});
