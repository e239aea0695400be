import { VoiceError, type VoiceProvider } from "./port";

export interface ElevenLabsOptions {
  apiKey: string;
  /** e.g. https://api.elevenlabs.io */
  apiBaseUrl: string;
  voiceId: string;
  modelId: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** ElevenLabs' error body: { detail: { status, message } } (or { detail: "text" }). */
function detailOf(body: unknown): { status?: string; message?: string } {
  const d = body && typeof body === "object" ? (body as { detail?: unknown }).detail : undefined;
  if (typeof d === "string") return { message: d };
  if (d && typeof d === "object") {
    const o = d as { status?: unknown; message?: unknown };
    return { status: typeof o.status === "string" ? o.status : undefined, message: typeof o.message === "string" ? o.message : undefined };
  }
  return {};
}

/** ElevenLabs: xi-api-key header, GET /v1/user to check the key, POST /v1/text-to-speech/{voice_id} for audio/mpeg. */
export function createElevenLabsProvider(opts: ElevenLabsOptions): VoiceProvider {
  const doFetch = opts.fetch ?? fetch;

  async function call(method: string, path: string, what: string, json?: unknown, timeoutMs = opts.timeoutMs ?? 15_000) {
    let res: Response;
    try {
      res = await doFetch(`${opts.apiBaseUrl}${path}`, {
        method,
        headers: { "xi-api-key": opts.apiKey, ...(json !== undefined ? { "content-type": "application/json" } : {}) },
        body: json !== undefined ? JSON.stringify(json) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new VoiceError(`ElevenLabs could not be reached (${what}): ${err instanceof Error ? err.message : String(err)}`, "retryable");
    }
    if (!res.ok) {
      const text = await res.text();
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = null;
      }
      const d = detailOf(body);
      const kind = d.status === "invalid_api_key" || (res.status === 401 && !d.status) ? "auth" : res.status === 429 || res.status >= 500 ? "retryable" : "rejected";
      throw new VoiceError(`ElevenLabs answered ${res.status} (${what})${d.message ? `: ${d.message}` : ""}`, kind, res.status);
    }
    return res;
  }

  return {
    kind: "elevenlabs",
    voiceId: opts.voiceId,
    modelId: opts.modelId,
    async verify() {
      const res = await call("GET", "/v1/user", "check key");
      const body = (await res.json().catch(() => ({}))) as { first_name?: unknown; subscription?: { tier?: unknown } };
      const name = typeof body.first_name === "string" && body.first_name ? body.first_name : null;
      const tier = typeof body.subscription?.tier === "string" && body.subscription.tier ? body.subscription.tier : null;
      return { accountName: [name, tier && `${tier} plan`].filter(Boolean).join(", ") || "ElevenLabs account" };
    },
    async synthesize(text) {
      // A devotional takes a while to read: allow the provider a minute.
      const res = await call(
        "POST",
        `/v1/text-to-speech/${encodeURIComponent(opts.voiceId)}?output_format=mp3_44100_128`,
        "text to speech",
        { text, model_id: opts.modelId },
        opts.timeoutMs ?? 60_000,
      );
      const audio = Buffer.from(await res.arrayBuffer());
      if (audio.length === 0) throw new VoiceError("ElevenLabs returned no audio", "retryable");
      return { audio, contentType: res.headers.get("content-type")?.split(";")[0] || "audio/mpeg" };
    },
  };
}
