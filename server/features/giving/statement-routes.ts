/**
 * Year-end statements for every donor and a stopped recurring gift's card update link (issue
 * 19; decision 0121). Registered by app.ts beside the giving routes.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { sql } from "drizzle-orm";
import { API } from "../../../contract/api-paths";
import { localeFromAcceptLanguage } from "../../../contract/i18n/locales";
import {
  ZCardUpdateAnswer,
  ZCardUpdateGift,
  ZCardUpdateQuery,
  ZCardUpdateRequest,
  ZStatementRun,
  ZStatementRunParams,
  ZStatementRunRequest,
} from "../../../contract/giving-statements";
import type { Deps } from "../../deps";
import { currentUser } from "../../http/auth";
import { gatewayFailureAnswer } from "../../shared/money/charge-request";
import { startStatementRun } from "./start-statement-run";
import { getStatementRun } from "./get-statement-run";
import { issueCardUpdateLink, readCardUpdateLink, updateCardFromLink } from "./card-update";
import { notFound } from "../../http/app-error";
import { rowsOf } from "../../db/rows";

export const statementRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    /** Starts (or starts again) a year's statements; the job sends them. Audited. */
    app.post(
      API.admin.givingStatements.pattern,
      { config: { access: "finance", rateLimit: "statementRun" }, schema: { body: ZStatementRunRequest, response: { 202: ZStatementRun } } },
      async (req, reply) => reply.code(202).send(await startStatementRun(deps, currentUser(req), req.body.year)),
    );
    /** A year's progress: counts only. */
    app.get(
      API.admin.givingStatementRun.pattern,
      { config: { access: "finance" }, schema: { params: ZStatementRunParams, response: { 200: ZStatementRun } } },
      (req) => getStatementRun(deps, req.params.year),
    );

    /** The stopped gift a card update link is for (the link is the key: no sign-in). */
    app.get(API.giving.cardUpdate.pattern, { config: { access: "public" }, schema: { querystring: ZCardUpdateQuery, response: { 200: ZCardUpdateGift } } }, (req) =>
      readCardUpdateLink(deps, req.query.token, localeFromAcceptLanguage(req.headers["accept-language"])),
    );
    /** A new card for the stopped gift: stored at the gateway, the gift resumed on its next date, the link used up. */
    app.post(
      API.giving.cardUpdate.pattern,
      { config: { access: "public", rateLimit: "cardUpdate" }, schema: { body: ZCardUpdateRequest, response: { 200: ZCardUpdateAnswer } } },
      async (req, reply) => {
        try {
          const answer = await updateCardFromLink(deps, req.ip, req.log, req.body);
          return reply.code(answer.status as 200).send(answer.body as never);
        } catch (err) {
          throw gatewayFailureAnswer(err, req.log);
        }
      },
    );

    // Browser tests only (TEST_HOOKS, refused in production by config): last year's gifts without waiting a year.
    if (deps.config.testHooks) {
      app.post(
        API.test.giftsToLastYear.pattern,
        { config: { access: "member" }, schema: { response: { 200: z.object({ moved: z.number().int() }) } } },
        async (req) => {
          const result = await deps.db.execute(
            sql`update gifts set created_at = created_at - interval '1 year' where user_id = ${currentUser(req).id}::uuid and status = 'COMPLETED' returning 1`,
          );
          return { moved: rowsOf<unknown>(result).length };
        },
      );
      app.post(
        API.test.stopRecurring.pattern,
        { config: { access: "member" }, schema: { params: z.object({ id: z.uuid() }), response: { 200: z.object({ url: z.string() }) } } },
        async (req) =>
          deps.db.transaction(async (tx) => {
            const stopped = await tx.execute(
              sql`update recurring_gifts set status = 'FAILED', failed_attempts = 4, retry_date = null, last_failure_reason = 'Your card was declined.'
                where id = ${req.params.id}::uuid and user_id = ${currentUser(req).id}::uuid returning id`,
            );
            if (!rowsOf<unknown>(stopped).length) throw notFound();
            return { url: await issueCardUpdateLink(deps, tx, req.params.id) };
          }),
      );
    }
  };
