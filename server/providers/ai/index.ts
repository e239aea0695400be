import type { PrayerCompanion } from "./port";
import { createSandboxCompanion } from "./sandbox";
import { createOpenAiCompanion } from "./openai";

/**
 * OpenAI-compatible when AI_BASE_URL is set, else the offline sandbox. If the endpoint fails
 * (down, slow, bad answer), the member still gets the offline scripture-and-prayer answer
 * instead of an error; `onError` lets the caller log it.
 */
export function createPrayerCompanion(
  opts: { baseUrl?: string; apiKey?: string; model: string },
  onError: (err: unknown) => void = () => undefined,
): PrayerCompanion {
  const offline = createSandboxCompanion();
  if (!opts.baseUrl) return offline;
  const remote = createOpenAiCompanion({ baseUrl: opts.baseUrl, apiKey: opts.apiKey, model: opts.model });
  return {
    ...remote,
    async reply(messages) {
      try {
        return await remote.reply(messages);
      } catch (err) {
        onError(err);
        return offline.reply(messages);
      }
    },
  };
}
