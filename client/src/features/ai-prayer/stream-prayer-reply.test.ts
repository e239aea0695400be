/** The client's reader of the streamed companion answer, against a real HTTP server that streams server-sent events. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { sseFrame } from "@contract/ai-prayer";
import { StreamCutOff, streamPrayerReply } from "./stream-prayer-reply";

let server: http.Server;
let base: string;
let script: (res: http.ServerResponse) => Promise<void> | void = () => undefined;
const seen: { auth?: string; accept?: string }[] = [];
let realFetch: typeof fetch;

beforeAll(async () => {
  (globalThis as { localStorage?: unknown }).localStorage = { getItem: (k: string) => (k === "token" ? "tok-1" : null), setItem() {}, removeItem() {} };
  server = http.createServer((req, res) => {
    seen.push({ auth: req.headers.authorization, accept: req.headers.accept });
    req.resume();
    req.on("end", () => void script(res));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The client calls relative URLs: resolve them against the test server.
  realFetch = globalThis.fetch;
  globalThis.fetch = ((url: string, init?: RequestInit) => realFetch(new URL(url, base), init)) as typeof fetch;
});
afterAll(() => {
  globalThis.fetch = realFetch;
  server.closeAllConnections();
  server.close();
});

const sse = (res: http.ServerResponse) => res.writeHead(200, { "content-type": "text/event-stream" });
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function run() {
  const got: { crisis?: boolean; pieces: string[] } = { pieces: [] };
  await streamPrayerReply([{ role: "user", content: "hi" }], { start: (c) => (got.crisis = c), delta: (t) => got.pieces.push(t) });
  return got;
}

describe("streamPrayerReply", () => {
  it("sends the bearer token and asks for an event stream, then hands over each piece in order", async () => {
    script = async (res) => {
      sse(res);
      res.write(sseFrame("start", { crisis: true }));
      res.write(sseFrame("delta", { text: "Call or text 988. " }).slice(0, 10));
      await wait(20);
      res.write(sseFrame("delta", { text: "Call or text 988. " }).slice(10));
      res.end(sseFrame("delta", { text: "We are here." }) + sseFrame("done", {}));
    };
    expect(await run()).toEqual({ crisis: true, pieces: ["Call or text 988. ", "We are here."] });
    expect(seen.at(-1)).toEqual({ auth: "Bearer tok-1", accept: "text/event-stream" });
  });

  it("throws StreamCutOff when the stream ends before done, after the pieces that came", async () => {
    const pieces: string[] = [];
    script = (res) => {
      sse(res);
      res.end(sseFrame("start", { crisis: false }) + sseFrame("delta", { text: "Lord, " }));
    };
    await expect(streamPrayerReply([{ role: "user", content: "hi" }], { start: () => undefined, delta: (t) => pieces.push(t) })).rejects.toBeInstanceOf(StreamCutOff);
    expect(pieces).toEqual(["Lord, "]);
  });

  it("throws the message of an error event, and 'status: body' for a refused request", async () => {
    script = (res) => {
      sse(res);
      res.end(sseFrame("start", { crisis: false }) + sseFrame("error", { message: "The companion could not answer just now." }));
    };
    await expect(run()).rejects.toThrow("The companion could not answer just now.");
    script = (res) => {
      res.writeHead(401, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: "Please sign in" }));
    };
    await expect(run()).rejects.toThrow('401: {"error":"Please sign in"}');
  });
});
