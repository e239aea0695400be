import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ZGiveRequest,
  ZGiveResponse,
  ZGivingHistoryEntry,
  ZGivingHistoryQuery,
  ZGivingStatement,
  ZRecurringActionParams,
  ZRecurringDonation,
  ZStatementQuery,
} from "../../../contract/giving";
import type { Deps } from "../../deps";
import { currentUser } from "../../http/auth";
import { withoutCardSecrets } from "../../shared/money/card-details";
import { runChargeRequest } from "../../shared/money/charge-request";
import { giveOneTime } from "./give-one-time";
import { setUpRecurringGift } from "./set-up-recurring-gift";
import { listGivingHistory } from "./list-giving-history";
import { listRecurringGifts } from "./list-recurring-gifts";
import { changeRecurringGift } from "./change-recurring-gift";
import { getGivingStatement } from "./get-giving-statement";
import { API } from "../../../contract/api-paths";

export const givingRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      API.giving.history.pattern,
      { config: { access: "member" }, schema: { querystring: ZGivingHistoryQuery, response: { 200: z.array(ZGivingHistoryEntry) } } },
      (req) => listGivingHistory(deps.db, currentUser(req).id, req.query.limit),
    );

    app.get(API.giving.recurring.pattern, { config: { access: "member" }, schema: { response: { 200: z.array(ZRecurringDonation) } } }, (req) =>
      listRecurringGifts(deps.db, currentUser(req).id),
    );

    app.post(
      API.giving.oneTime.pattern,
      { config: { access: "member" }, schema: { body: ZGiveRequest, response: { 201: ZGiveResponse } } },
      async (req, reply) => {
        const answer = await runChargeRequest(deps, req, "one-time", withoutCardSecrets(req.body), (charge) => giveOneTime(charge, req.body));
        return reply.code(answer.status as 201).send(answer.body as never);
      },
    );

    app.post(
      API.giving.recurring.pattern,
      { config: { access: "member" }, schema: { body: ZGiveRequest, response: { 201: ZGiveResponse } } },
      async (req, reply) => {
        const body = { ...req.body, is_recurring: true };
        const answer = await runChargeRequest(deps, req, "recurring", withoutCardSecrets(body), (charge) => setUpRecurringGift(charge, body));
        return reply.code(answer.status as 201).send(answer.body as never);
      },
    );

    app.post(
      API.giving.recurringAction.pattern,
      { config: { access: "member", rateLimit: "recurringChange" }, schema: { params: ZRecurringActionParams, response: { 200: ZRecurringDonation } } },
      (req) => changeRecurringGift(deps, currentUser(req).id, req.params.id, req.params.action),
    );

    app.get(
      API.giving.statement.pattern,
      { config: { access: "member" }, schema: { querystring: ZStatementQuery, response: { 200: ZGivingStatement } } },
      (req) => getGivingStatement(deps, currentUser(req).id, req.query.year),
    );
  };
