/** The AI prayer companion (DESIGN.md, Providers): offline sandbox, or any OpenAI-compatible chat endpoint. */
export interface ChatMessage {
  role: "user" | "assistant";
  content: string;
}

export interface PrayerCompanion {
  readonly kind: "sandbox" | "openai";
  reply(messages: ChatMessage[]): Promise<string>;
}
