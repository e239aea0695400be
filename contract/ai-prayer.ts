import { z } from "./zod-setup";

export * from "./ai-prayer-text";
import { AI_MESSAGES_MAX, AI_MESSAGE_MAX, AI_PRAYER_TEXT } from "./ai-prayer-text";

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
