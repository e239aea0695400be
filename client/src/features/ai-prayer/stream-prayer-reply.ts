/**
 * Reads the companion's streamed answer (contract/ai-prayer.ts): POST with
 * `Accept: text/event-stream` through the one API client (bearer header), then the response
 * body with a ReadableStream reader, parsed as server-sent events. Each piece is handed over as
 * it arrives. A non-ok answer throws the usual "status: body" error; a stream that ends before
 * `done` throws StreamCutOff (the connection dropped); an `error` event throws its message.
 */
import { createParser } from "eventsource-parser";
import { AI_STREAM_CONTENT_TYPE, type AiMessage, type AiStreamEvent } from "@contract/ai-prayer";
import { API } from "@contract/api-paths";
import { apiRequest } from "@/lib/api";

export class StreamCutOff extends Error {}

export async function streamPrayerReply(
  messages: AiMessage[],
  on: { start: (crisis: boolean) => void; delta: (text: string) => void },
  signal?: AbortSignal,
): Promise<void> {
  const res = await apiRequest("POST", API.aiPrayer.messages(), { messages }, { Accept: AI_STREAM_CONTENT_TYPE }, signal);
  if (!res.body) throw new StreamCutOff("No answer");
  let finished = false;
  let failure: string | null = null;
  const parser = createParser({
    onEvent(e) {
      const ev = { event: e.event, data: JSON.parse(e.data) } as AiStreamEvent;
      if (ev.event === "start") on.start(ev.data.crisis);
      else if (ev.event === "delta") on.delta(ev.data.text);
      else if (ev.event === "done") finished = true;
      else if (ev.event === "error") failure = ev.data.message;
    },
  });
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (value) parser.feed(value);
      if (done || finished || failure) break;
    }
  } finally {
    void reader.cancel().catch(() => undefined);
  }
  if (failure) throw new Error(failure);
  if (!finished) throw new StreamCutOff("The answer was cut off");
}
