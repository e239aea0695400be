import type { FastifyBaseLogger } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  GIVING_TEXT,
  ZGiveRequest,
  ZGiveResponse,
  ZGivingHistoryEntry,
  ZGivingHistoryQuery,
  ZGivingStatement,
  ZRecurringActionParams,
  ZRecurringDonation,
  ZStatementQuery,
  type GiveRequest,
} from "../../../contract/giving";
import type { Deps } from "../../deps";
import { currentUser } from "../../http/auth";
import { AppError } from "../../http/app-error";
import { hitRateLimit } from "../../http/rate-limit";
import { GatewayUnavailableError } from "../../providers/payments/port";
import { readIdempotencyKey, requestHash, withIdempotency, type StoredAnswer } from "../../shared/money/idempotency";
import { giveOneTime } from "./give-one-time";
import { setUpRecurringGift } from "./set-up-recurring-gift";
import { listGivingHistory } from "./list-giving-history";
import { listRecurringGifts } from "./list-recurring-gifts";
import { changeRecurringGift } from "./change-recurring-gift";
import { getGivingStatement } from "./get-giving-statement";

type Give = (deps: Deps, userId: string, key: string, body: GiveRequest, onError: (err: unknown) => void) => Promise<StoredAnswer>;

export const givingRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const give =
      (route: "one-time" | "recurring", run: Give) =>
      async (log: FastifyBaseLogger, userId: string, header: string | string[] | undefined, body: GiveRequest) => {
        const key = readIdempotencyKey(header);
        const { perUser, windowSeconds } = deps.config.givingRateLimit;
        await hitRateLimit(deps.db, `giving:user:${userId}`, perUser, windowSeconds, deps.now());
        const onReceiptError = (err: unknown) => log.error({ err }, "gift receipt email failed");
        try {
          return await withIdempotency(deps.db, userId, key, requestHash(route, body), () => run(deps, userId, key, body, onReceiptError), {
            leaseSeconds: deps.config.idempotencyLeaseSeconds,
          });
        } catch (err) {
          // Nothing was recorded and the key was released: the member may retry (same key, so
          // the gateway's duplicate protection covers a charge whose answer was lost).
          if (err instanceof GatewayUnavailableError) {
            log.error({ err }, "card gateway unavailable");
            throw new AppError("UNAVAILABLE", GIVING_TEXT.gatewayUnavailable);
          }
          throw err;
        }
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
        const answer = await oneTime(req.log, currentUser(req).id, req.headers["idempotency-key"], req.body);
        return reply.code(answer.status as 201).send(answer.body as never);
      },
    );

    app.post(
      "/api/giving/recurring",
      { config: { access: "member" }, schema: { body: ZGiveRequest, response: { 201: ZGiveResponse } } },
      async (req, reply) => {
        const answer = await recurring(req.log, currentUser(req).id, req.headers["idempotency-key"], { ...req.body, is_recurring: true });
        return reply.code(answer.status as 201).send(answer.body as never);
      },
    );

    app.post(
      "/api/giving/recurring/:id/:action",
      { config: { access: "member" }, schema: { params: ZRecurringActionParams, response: { 200: ZRecurringDonation } } },
      (req) => changeRecurringGift(deps, currentUser(req).id, req.params.id, req.params.action),
    );

    app.get(
      "/api/giving/statement",
      { config: { access: "member" }, schema: { querystring: ZStatementQuery, response: { 200: ZGivingStatement } } },
      (req) => getGivingStatement(deps, currentUser(req).id, req.query.year),
    );
  };
