/**
 * A local stand-in for ElevenLabs (node:http on port 0) speaking the documented calls the app
 * makes, authenticated by the xi-api-key header: GET /v1/user and
 * POST /v1/text-to-speech/{voice_id} (JSON { text, model_id }) answering audio/mpeg. Errors use
 * ElevenLabs' { detail: { status, message } } shape. Used by the server and browser tests.
 */
import http from "node:http";
import { createHash } from "node:crypto";
import type { AddressInfo } from "node:net";

export const STAND_IN_VOICE_ID = "21m00Tcm4TlvDq8ikWAM";

/** Deterministic fake MP3 bytes for a text: an ID3 header and 4 KB derived from the text. */
export function fakeMp3(text: string): Buffer {
  const seed = createHash("sha256").update(text).digest();
  const body = Buffer.alloc(4096);
  for (let i = 0; i < body.length; i++) body[i] = seed[i % seed.length] ^ (i & 0xff);
  return Buffer.concat([Buffer.from("ID3\x04\x00\x00\x00\x00\x00\x00", "latin1"), body]);
}

export async function startElevenLabsStandIn(opts: { apiKeys?: string[]; voices?: string[]; port?: number } = {}) {
  const state = {
    apiKeys: new Set(opts.apiKeys ?? ["xi-test-key"]),
    voices: new Set(opts.voices ?? [STAND_IN_VOICE_ID]),
    ttsRequests: [] as { voiceId: string; text: string; modelId: unknown; outputFormat: string | null }[],
    userRequests: 0,
    failures: [] as { path: string; status: number; body: unknown }[],
  };
  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const detail = (res: http.ServerResponse, status: number, code: string, message: string) => send(res, status, { detail: { status: code, message } });

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://stand-in");
      const failure = state.failures.findIndex((f) => url.pathname.startsWith(f.path));
      if (failure >= 0) {
        const [f] = state.failures.splice(failure, 1);
        return send(res, f.status, f.body);
      }
      const key = req.headers["xi-api-key"];
      if (typeof key !== "string" || !state.apiKeys.has(key)) return detail(res, 401, "invalid_api_key", "Invalid API key");

      if (req.method === "GET" && url.pathname === "/v1/user") {
        state.userRequests += 1;
        return send(res, 200, {
          subscription: { tier: "creator", character_count: 1200, character_limit: 100000, status: "active" },
          is_new_user: false,
          first_name: "Grace",
          xi_api_key_preview: `${key.slice(0, 4)}…`,
        });
      }
      const m = /^\/v1\/text-to-speech\/([^/]+)$/.exec(url.pathname);
      if (req.method === "POST" && m) {
        const voiceId = decodeURIComponent(m[1]);
        if (!state.voices.has(voiceId)) return detail(res, 404, "voice_not_found", `A voice with the voice_id ${voiceId} was not found.`);
        let body: { text?: unknown; model_id?: unknown } = {};
        try {
          body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as typeof body;
        } catch {
          return detail(res, 400, "invalid_json", "Invalid JSON body");
        }
        if (typeof body.text !== "string" || !body.text.trim()) return detail(res, 422, "invalid_text", "text is required");
        state.ttsRequests.push({ voiceId, text: body.text, modelId: body.model_id, outputFormat: url.searchParams.get("output_format") });
        res.writeHead(200, { "content-type": "audio/mpeg" });
        return res.end(fakeMp3(body.text));
      }
      return detail(res, 404, "not_found", `Cannot ${req.method} ${url.pathname}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    state,
    failNext(path: string, status: number, times = 1, body: unknown = { detail: { status: "internal_error", message: "Something went wrong" } }) {
      for (let i = 0; i < times; i++) state.failures.push({ path, status, body });
    },
    env(): Record<string, string> {
      return { ELEVENLABS_API_BASE_URL: url, ELEVENLABS_VOICE_ID: STAND_IN_VOICE_ID };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type ElevenLabsStandIn = Awaited<ReturnType<typeof startElevenLabsStandIn>>;
