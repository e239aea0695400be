import type { PrayerCompanion } from "./port";
import { createSandboxCompanion } from "./sandbox";
import { createOpenAiCompanion } from "./openai";
import { DEFAULT_LOCALE } from "../../../contract/i18n/locales";
import { messagesFor } from "../../i18n";

/**
 * OpenAI-compatible when AI_BASE_URL is set, else the offline sandbox. If the endpoint fails,
 * the member still gets the offline scripture-and-prayer answer instead of an error: in place of
 * the answer when nothing had come yet (down, refused, slow), or after the pieces already shown
 * with a short note when it breaks off mid-answer. `onError` lets the caller log it. A member who
 * leaves (the signal) just ends the stream.
 */
export function createPrayerCompanion(
  opts: { baseUrl?: string; apiKey?: string; model: string; timeoutMs?: number },
  onError: (err: unknown) => void = () => undefined,
): PrayerCompanion {
  const offline = createSandboxCompanion();
  if (!opts.baseUrl) return offline;
  const remote = createOpenAiCompanion({ baseUrl: opts.baseUrl, apiKey: opts.apiKey, model: opts.model, timeoutMs: opts.timeoutMs });
  return {
    kind: remote.kind,
    async *stream(messages, signal, locale = DEFAULT_LOCALE) {
      let sent = false;
      try {
        for await (const piece of remote.stream(messages, signal, locale)) {
          sent = true;
          yield piece;
        }
      } catch (err) {
        if (signal?.aborted) return;
        onError(err);
        if (sent) yield `\n\n${messagesFor(locale).companion.interrupted}\n\n`;
        yield* offline.stream(messages, undefined, locale);
      }
    },
  };
}
