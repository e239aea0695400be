import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZGiveRequest, ZGiveResponse, ZGivingHistoryEntry, ZGivingHistoryQuery, ZRecurringDonation, type GiveRequest } from "../../../contract/giving";
import type { Deps } from "../../deps";
import { currentUser } from "../../http/auth";
import { hitRateLimit } from "../../http/rate-limit";
import { readIdempotencyKey, requestHash, withIdempotency, type StoredAnswer } from "./idempotency";
import { giveOneTime } from "./give-one-time";
import { setUpRecurringGift } from "./set-up-recurring-gift";
import { listGivingHistory } from "./list-giving-history";
import { listRecurringGifts } from "./list-recurring-gifts";

export const givingRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const give =
      (route: "one-time" | "recurring", run: (deps: Deps, userId: string, key: string, body: GiveRequest) => Promise<StoredAnswer>) =>
      async (userId: string, header: string | string[] | undefined, body: GiveRequest) => {
        const key = readIdempotencyKey(header);
        const { perUser, windowSeconds } = deps.config.givingRateLimit;
        await hitRateLimit(deps.db, `giving:user:${userId}`, perUser, windowSeconds, deps.now());
        return withIdempotency(deps.db, userId, key, requestHash(route, body), () => run(deps, userId, key, body));
      };
    const oneTime = give("one-time", giveOneTime);
    const recurring = give("recurring", setUpRecurringGift);

    app.get(
      "/api/giving/history",
      { config: { access: "member" }, schema: { querystring: ZGivingHistoryQuery, response: { 200: z.array(ZGivingHistoryEntry) } } },
      (req) => listGivingHistory(deps.db, currentUser(req).id, req.query.limit),
    );

    app.get("/api/giving/recurring", { config: { access: "member" }, schema: { response: { 200: z.array(ZRecurringDonation) } } }, (req) =>
      listRecurringGifts(deps.db, currentUser(req).id),
    );

    app.post(
      "/api/giving/one-time",
      { config: { access: "member" }, schema: { body: ZGiveRequest, response: { 201: ZGiveResponse } } },
      async (req, reply) => {
        const answer = await oneTime(currentUser(req).id, req.headers["idempotency-key"], req.body);
        return reply.code(answer.status as 201).send(answer.body as never);
      },
    );

    app.post(
      "/api/giving/recurring",
      { config: { access: "member" }, schema: { body: ZGiveRequest, response: { 201: ZGiveResponse } } },
      async (req, reply) => {
        const answer = await recurring(currentUser(req).id, req.headers["idempotency-key"], { ...req.body, is_recurring: true });
        return reply.code(answer.status as 201).send(answer.body as never);
      },
    );
  };
