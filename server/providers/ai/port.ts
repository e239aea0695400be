import type { Locale } from "../../../contract/i18n/locales";
/** The AI prayer companion (docs/architecture.md, Providers): offline sandbox, or any OpenAI-compatible chat endpoint. */
export interface ChatMessage {
  role: "user" | "assistant";
  content: string;
}

export interface PrayerCompanion {
  readonly kind: "sandbox" | "openai";
  /**
   * The reply in pieces, in the member's language (`locale`, English by default), as they are written (append them in order). `signal` ends it early
   * (the member left). A provider that fails throws from the iterator, possibly after some pieces.
   */
  stream(messages: ChatMessage[], signal?: AbortSignal, locale?: Locale): AsyncIterable<string>;
}

/** The whole reply of a stream, for callers that do not stream (the JSON answer). */
export async function collectReply(pieces: AsyncIterable<string>): Promise<string> {
  let text = "";
  for await (const piece of pieces) text += piece;
  return text.trim();
}
