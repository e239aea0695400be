import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZAiPrayerInput, ZAiPrayerReply } from "../../../contract/ai-prayer";
import type { Deps } from "../../deps";
import { createPrayerCompanion } from "../../providers/ai/index";
import { replyToPrayerChat } from "./reply-to-prayer-chat";

export const aiPrayerRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const companion = createPrayerCompanion(deps.config.ai, (err) => app.log.warn({ err }, "AI companion unavailable; answered offline"));
    app.post(
      "/api/ai-prayer/messages",
      { config: { access: "member" }, schema: { body: ZAiPrayerInput, response: { 200: ZAiPrayerReply } } },
      (req) => replyToPrayerChat(deps, companion, req.body),
    );
  };
