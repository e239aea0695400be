import type { ChatMessage, PrayerCompanion } from "./port";

export const COMPANION_SYSTEM_PROMPT =
  "You are a gentle Christian prayer companion for a local church. Reply briefly with empathy, one relevant Bible verse (World English Bible) and a short guided prayer. You are not a pastor, counselor or emergency service; never give medical, legal or financial advice.";

/** Any OpenAI-compatible chat endpoint (`${baseUrl}/chat/completions`, non-streamed). */
export function createOpenAiCompanion(opts: { baseUrl: string; apiKey?: string; model: string; fetch?: typeof fetch; timeoutMs?: number }): PrayerCompanion {
  const doFetch = opts.fetch ?? fetch;
  return {
    kind: "openai",
    async reply(messages: ChatMessage[]) {
      const res = await doFetch(`${opts.baseUrl.replace(/\/$/, "")}/chat/completions`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}) },
        body: JSON.stringify({ model: opts.model, messages: [{ role: "system", content: COMPANION_SYSTEM_PROMPT }, ...messages] }),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000),
      });
      if (!res.ok) throw new Error(`AI endpoint answered ${res.status}`);
      const body = (await res.json()) as { choices?: { message?: { content?: unknown } }[] };
      const content = body.choices?.[0]?.message?.content;
      if (typeof content !== "string" || !content.trim()) throw new Error("AI endpoint gave no answer");
      return content.trim();
    },
  };
}
