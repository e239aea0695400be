import { z } from "./zod-setup";

/** The prayer companion (/ai-prayer). */
export const AI_MESSAGES_MAX = 20;
export const AI_MESSAGE_MAX = 2000;

export const AI_PRAYER_TEXT = {
  notice:
    "This companion is not a pastor, counselor or emergency service. It offers scripture and a short guided prayer. For care, reach out to our church; in a crisis, call or text 988.",
  empty: "Please write a message",
  tooLong: `Messages must be less than ${AI_MESSAGE_MAX} characters`,
  tooMany: `A conversation holds at most ${AI_MESSAGES_MAX} messages`,
  failed: "The companion could not answer just now. Please try again.",
  /** Appended when the AI endpoint breaks off mid-answer, before the offline verse and prayer. */
  interrupted: "(The companion was interrupted, so here is a verse and a prayer for you instead.)",
  /** Shown when the connection to our own server drops mid-answer. */
  cutOff: "The answer was cut off. Please check your connection and send your message again.",
  writing: "The companion is writing...",
  stop: "Stop",
  toRequest: "Turn this into a prayer request",
} as const;

export const ZAiMessage = z.object({
  role: z.enum(["user", "assistant"]),
  content: z.string().trim().min(1, AI_PRAYER_TEXT.empty).max(AI_MESSAGE_MAX, AI_PRAYER_TEXT.tooLong),
});
export type AiMessage = z.infer<typeof ZAiMessage>;

export const ZAiPrayerInput = z.object({
  messages: z
    .array(ZAiMessage)
    .min(1, AI_PRAYER_TEXT.empty)
    .max(AI_MESSAGES_MAX, AI_PRAYER_TEXT.tooMany)
    .refine((m) => m[m.length - 1]?.role === "user", "The last message must be the member's"),
});
export type AiPrayerInput = z.infer<typeof ZAiPrayerInput>;

export const ZAiPrayerReply = z.object({ reply: z.string(), crisis: z.boolean() });
export type AiPrayerReply = z.infer<typeof ZAiPrayerReply>;

/**
 * The streamed answer (POST /api/ai-prayer/messages with `Accept: text/event-stream`): server-sent
 * events `start` {crisis}, then `delta` {text} pieces to append, then `done` {}; or `error`
 * {message} if even the offline answer failed. Without that Accept header the same endpoint
 * answers one JSON ZAiPrayerReply.
 */
export const AI_STREAM_CONTENT_TYPE = "text/event-stream";
export interface AiStreamEvents {
  start: { crisis: boolean };
  delta: { text: string };
  done: Record<string, never>;
  error: { message: string };
}
export type AiStreamEvent = { [K in keyof AiStreamEvents]: { event: K; data: AiStreamEvents[K] } }[keyof AiStreamEvents];

/** One server-sent event on the wire. */
export const sseFrame = <K extends keyof AiStreamEvents>(event: K, data: AiStreamEvents[K]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
