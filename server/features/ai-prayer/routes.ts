import { Readable } from "node:stream";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AI_STREAM_CONTENT_TYPE, ZAiPrayerInput, ZAiPrayerReply, sseFrame } from "../../../contract/ai-prayer";
import type { Deps } from "../../deps";
import { localeFromAcceptLanguage } from "../../../contract/i18n/locales";
import { messagesFor } from "../../i18n";
import { createPrayerCompanion } from "../../providers/ai/index";
import { replyToPrayerChat, streamPrayerChat } from "./reply-to-prayer-chat";
import { API } from "../../../contract/api-paths";

export const aiPrayerRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const companion = createPrayerCompanion(deps.config.ai, (err) => app.log.warn({ err }, "AI companion failed; answered offline"));

    /**
     * With `Accept: text/event-stream` the answer streams as server-sent events (start, delta...,
     * done; see contract/ai-prayer.ts), uncompressed so every piece leaves at once; a member who
     * leaves ends the provider's stream too. Otherwise one JSON answer.
     */
    app.post(
      API.aiPrayer.messages.pattern,
      { config: { access: "member", rateLimit: "aiPrayer" }, compress: false, schema: { body: ZAiPrayerInput, response: { 200: ZAiPrayerReply } } },
      async (req, reply) => {
        const locale = localeFromAcceptLanguage(req.headers["accept-language"]);
        if (!(req.headers.accept ?? "").includes(AI_STREAM_CONTENT_TYPE)) return replyToPrayerChat(deps, companion, req.body, locale);

        const left = new AbortController();
        reply.raw.on("close", () => {
          if (!reply.raw.writableFinished) left.abort();
        });
        const { crisis, pieces } = streamPrayerChat(deps, companion, req.body, left.signal, locale);
        const log = req.log;
        async function* frames() {
          yield sseFrame("start", { crisis });
          try {
            for await (const text of pieces) yield sseFrame("delta", { text });
            yield sseFrame("done", {});
          } catch (err) {
            if (left.signal.aborted) return;
            log.error({ err }, "prayer companion stream failed");
            yield sseFrame("error", { message: messagesFor(locale).companion.failed });
          }
        }
        reply
          .header("content-type", `${AI_STREAM_CONTENT_TYPE}; charset=utf-8`)
          .header("cache-control", "no-store, no-transform")
          .header("x-accel-buffering", "no");
        // A stream skips the response serializer; the JSON schema above is for the other form.
        return reply.send(Readable.from(frames(), { objectMode: false }) as never);
      },
    );
  };
