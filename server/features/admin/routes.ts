import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZRoleChange, ZUserIdParams, ZUserSearch, ZOutboxEntry, ZEmailHealth, ZEmailRetryResult, ZCardBreaker, CARD_BREAKER_TEXT } from "../../../contract/admin";
import { API } from "../../../contract/api-paths";
import { ZUser } from "../../../contract/auth";
import type { Deps } from "../../deps";
import { changeRole } from "./change-role";
import { listUsers } from "./list-users";
import { toPublicUser } from "../../shared/public-user";
import { getEmailHealth } from "./get-email-health";
import { retryFailedEmails } from "./retry-failed-emails";
import { cardBreakerState, resumeNewCards } from "../../shared/money/new-card-guard";
import { conflict } from "../../http/app-error";
import { ZAuditPage, ZAuditQuery, ZFinanceGrant } from "../../../contract/giving-funds";
import { currentUser } from "../../http/auth";
import { sendDbJson } from "../../http/json-text";
import { setFinance } from "./set-finance";
import { listAuditLog } from "./list-audit-log";
import { listOutbox } from "./list-outbox";

export const adminRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      API.admin.users.pattern,
      { config: { access: "owner" }, schema: { querystring: ZUserSearch, response: { 200: z.array(ZUser) } } },
      // JSON written by PostgreSQL (list-users.ts), sent as it is.
      async (req, reply) => sendDbJson(reply, await listUsers(deps.db, req.query.q)),
    );

    app.patch(
      API.admin.user.pattern,
      { config: { access: "owner" }, schema: { params: ZUserIdParams, body: ZRoleChange, response: { 200: ZUser } } },
      async (req) => {
        const changed = await changeRole(deps.db, { id: req.params.id }, req.body.role);
        app.sessionCache.forgetUser(changed.id);
        return toPublicUser(changed);
      },
    );

    /** The email outbox (latest 50), giving emails hidden from staff without finance (list-outbox.ts). */
    app.get(API.admin.outbox.pattern, { config: { access: "staff" }, schema: { response: { 200: z.array(ZOutboxEntry) } } }, (req) => listOutbox(deps, currentUser(req)));

    /** The outbox's health for the Admin dashboard (decision 0101). */
    app.get(API.admin.emailHealth.pattern, { config: { access: "staff" }, schema: { response: { 200: ZEmailHealth } } }, () => getEmailHealth(deps));

    /** Failed emails back in the queue (after fixing the mail server or an address). */
    app.post(API.admin.emailRetry.pattern, { config: { access: "owner" }, schema: { response: { 200: ZEmailRetryResult } } }, () => retryFailedEmails(deps));

    /** The card-testing breaker for the Admin dashboard (decision 0105): paused or not, until when, the recent decline rate. */
    app.get(API.admin.cardBreaker.pattern, { config: { access: "staff" }, schema: { response: { 200: ZCardBreaker } } }, () => cardBreakerState(deps));

    /**
     * An owner takes new cards again before the cool-down ends. There is no audit table yet: the
     * log line (warn, kept by every deployment's log) records who and when.
     */
    app.post(
      API.admin.cardBreakerResume.pattern,
      { config: { access: "owner", rateLimit: "cardBreakerResume" }, schema: { response: { 200: ZCardBreaker } } },
      async (req) => {
        const owner = currentUser(req);
        if (!(await resumeNewCards(deps))) throw conflict(CARD_BREAKER_TEXT.notPaused);
        req.log.warn({ audit: "card-breaker-resumed", by: owner.id }, "an owner resumed new cards before the cool-down ended");
        return cardBreakerState(deps);
      },
    );
    /** The finance permission (decision 0113): sees donor-level giving. OWNER only; audited. */
    app.put(
      API.admin.userFinance.pattern,
      { config: { access: "owner" }, schema: { params: ZUserIdParams, body: ZFinanceGrant, response: { 200: ZUser } } },
      async (req) => {
        const changed = await setFinance(deps, currentUser(req), req.params.id, req.body.finance);
        app.sessionCache.forgetUser(changed.id);
        return toPublicUser(changed);
      },
    );

    /** Who saw or moved money-sensitive data (decision 0113), newest first. OWNER only. Sent as the JSON text listAuditLog writes (decisions 0132, 0137), by sendDbJson. */
    app.get(API.admin.auditLog.pattern, { config: { access: "owner" }, schema: { querystring: ZAuditQuery, response: { 200: ZAuditPage } } }, async (req, reply) =>
      sendDbJson(reply, await listAuditLog(deps.db, req.query)),
    );
  };
