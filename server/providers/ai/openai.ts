import { createParser } from "eventsource-parser";
import type { ChatMessage, PrayerCompanion } from "./port";
import { DEFAULT_LOCALE, type Locale } from "../../../contract/i18n/locales";

export const COMPANION_SYSTEM_PROMPT =
  "You are a gentle Christian prayer companion for a local church. Reply briefly with empathy, one relevant Bible verse (World English Bible) and a short guided prayer. You are not a pastor, counselor or emergency service; never give medical, legal or financial advice.";

/** The member's language, said to the model (it answers in the language it is asked to). */
const ANSWER_IN: Record<Locale, string> = { en: "", es: " Always answer in Spanish (Latin American, using \"usted\"), quoting the Reina-Valera 1909." };

export class AiEndpointError extends Error {}

interface ChunkBody {
  choices?: { delta?: { content?: unknown }; message?: { content?: unknown }; finish_reason?: unknown }[];
  error?: { message?: unknown };
}

/**
 * Any OpenAI-compatible chat endpoint, streamed: POST `${baseUrl}/chat/completions` with
 * `stream: true`, then server-sent chunks `data: {"choices":[{"delta":{"content":"..."}}]}` until
 * `data: [DONE]`. The answer is complete at [DONE] or at a chunk with a finish_reason; a stream
 * that ends before either, an `error` chunk, a malformed chunk, a non-2xx answer or the timeout
 * (for the whole answer) throws AiEndpointError, after whatever pieces already came. A server
 * that ignores `stream` and answers one JSON completion is accepted too.
 */
export function createOpenAiCompanion(opts: { baseUrl: string; apiKey?: string; model: string; fetch?: typeof fetch; timeoutMs?: number }): PrayerCompanion {
  const doFetch = opts.fetch ?? fetch;
  return {
    kind: "openai",
    async *stream(messages: ChatMessage[], signal?: AbortSignal, locale: Locale = DEFAULT_LOCALE) {
      const timeout = AbortSignal.timeout(opts.timeoutMs ?? 60_000);
      const res = await doFetch(`${opts.baseUrl.replace(/\/$/, "")}/chat/completions`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "text/event-stream",
          ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}),
        },
        body: JSON.stringify({ model: opts.model, stream: true, messages: [{ role: "system", content: COMPANION_SYSTEM_PROMPT + ANSWER_IN[locale] }, ...messages] }),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      if (!res.ok) {
        await res.body?.cancel().catch(() => undefined);
        throw new AiEndpointError(`AI endpoint answered ${res.status}`);
      }
      if (!res.body) throw new AiEndpointError("AI endpoint sent no body");

      if ((res.headers.get("content-type") ?? "").includes("application/json")) {
        const body = (await res.json()) as ChunkBody;
        const content = body.choices?.[0]?.message?.content;
        if (typeof content !== "string" || !content.trim()) throw new AiEndpointError("AI endpoint gave no answer");
        yield content;
        return;
      }

      const pieces: string[] = [];
      let finished = false;
      let failure: AiEndpointError | null = null;
      const parser = createParser({
        onEvent(ev) {
          if (finished || failure) return;
          if (ev.data.trim() === "[DONE]") {
            finished = true;
            return;
          }
          let chunk: ChunkBody;
          try {
            chunk = JSON.parse(ev.data) as ChunkBody;
          } catch {
            failure = new AiEndpointError("AI endpoint sent a malformed chunk");
            return;
          }
          if (chunk.error) {
            failure = new AiEndpointError(`AI endpoint error: ${typeof chunk.error.message === "string" ? chunk.error.message : "unknown"}`);
            return;
          }
          const choice = chunk.choices?.[0];
          if (typeof choice?.delta?.content === "string" && choice.delta.content) pieces.push(choice.delta.content);
          if (choice?.finish_reason) finished = true;
        },
      });

      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let any = false;
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (value) parser.feed(value);
          while (pieces.length) {
            any = true;
            yield pieces.shift()!;
          }
          if (failure) throw failure;
          if (finished) break;
          if (done) throw new AiEndpointError("AI endpoint stream ended before the answer was complete");
        }
      } finally {
        await reader.cancel().catch(() => undefined);
      }
      if (!any) throw new AiEndpointError("AI endpoint gave no answer");
    },
  };
}
