import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { localeFromAcceptLanguage } from "../../../contract/i18n/locales";
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
import { sendDbJson } from "../../http/json-text";
import { withoutCardSecrets } from "../../shared/money/card-details";
import { runChargeRequest } from "../../shared/money/charge-request";
import { giveOneTime } from "./give-one-time";
import { setUpRecurringGift } from "./set-up-recurring-gift";
import { listGivingHistory } from "./list-giving-history";
import { listRecurringGifts } from "./list-recurring-gifts";
import { changeRecurringGift } from "./change-recurring-gift";
import { getGivingStatement } from "./get-giving-statement";
import { API } from "../../../contract/api-paths";
import { ZFeeSettings, ZFund, ZFundAdmin, ZFundCreate, ZFundParams, ZFundPatch, ZFundsQuery } from "../../../contract/giving-funds";
import { listAllFunds, listOpenFunds } from "./list-funds";
import { changeFund, createFund } from "./change-fund";
import { setProcessingFee } from "./set-processing-fee";
import { readProcessingFee } from "../../shared/money/funds";
import { ZLedgerPage, ZLedgerQuery } from "../../../contract/giving-funds";
import { ZDonorPage, ZDonorParams, ZDonorQuery, ZExportQuery, ZGivingTotalsReport, ZPeriodTotalsQuery } from "../../../contract/giving-ledger";
import { getGivingTotals } from "./giving-totals";
import { listLedger } from "./list-ledger";
import { batchRoutes } from "./batch-routes";
import { ZRefundParams, ZRefundRequest, ZRefundResponse } from "../../../contract/giving-refunds";
import { refundGift } from "./refund-gift";
import { getDonor } from "./get-donor";
import { exportGifts } from "./export-gifts";

/** The asker's language (Accept-Language, which the app sets to the member's): fund names are shown in it. */
const localeOf = (req: FastifyRequest) => localeFromAcceptLanguage(req.headers["accept-language"]);

export const givingRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      API.giving.history.pattern,
      { config: { access: "member" }, schema: { querystring: ZGivingHistoryQuery, response: { 200: z.array(ZGivingHistoryEntry) } } },
      (req) => listGivingHistory(deps.db, currentUser(req).id, req.query.limit, localeOf(req)),
    );

    app.get(API.giving.recurring.pattern, { config: { access: "member" }, schema: { response: { 200: z.array(ZRecurringDonation) } } }, (req) =>
      listRecurringGifts(deps.db, currentUser(req).id, localeOf(req)),
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
      (req) => changeRecurringGift(deps, currentUser(req).id, req.params.id, req.params.action, localeOf(req)),
    );

    app.get(
      API.giving.statement.pattern,
      { config: { access: "member" }, schema: { querystring: ZStatementQuery, response: { 200: ZGivingStatement } } },
      (req) => getGivingStatement(deps, currentUser(req).id, req.query.year, localeOf(req)),
    );

    // ── funds and the processing fee (issue 19; decision 0113) ──
    /** The open funds a giver may choose, the default first, named in ?locale or the request's language. */
    app.get(
      API.giving.funds.pattern,
      { config: { access: "member" }, schema: { querystring: ZFundsQuery, response: { 200: z.array(ZFund) } } },
      (req) => listOpenFunds(deps.db, req.query.locale ?? localeOf(req)),
    );
    app.post(
      API.giving.funds.pattern,
      { config: { access: "pastor" }, schema: { body: ZFundCreate, response: { 201: ZFundAdmin } } },
      async (req, reply) => reply.code(201).send(await createFund(deps, req.body)),
    );
    app.patch(
      API.giving.fund.pattern,
      { config: { access: "pastor" }, schema: { params: ZFundParams, body: ZFundPatch, response: { 200: ZFundAdmin } } },
      (req) => changeFund(deps, req.params.id, req.body),
    );
    /** Every fund with both names, archived ones too (Admin -> Giving; STAFF and treasurers read it, OWNER and PASTOR change it). */
    app.get(API.admin.givingFunds.pattern, { config: { access: "staffOrFinance" }, schema: { response: { 200: z.array(ZFundAdmin) } } }, () => listAllFunds(deps.db));

    /** The fee a giver may cover (both zero: the choice is not offered). */
    app.get(API.giving.fee.pattern, { config: { access: "member" }, schema: { response: { 200: ZFeeSettings } } }, () => readProcessingFee(deps.db));
    app.put(API.giving.fee.pattern, { config: { access: "pastor" }, schema: { body: ZFeeSettings, response: { 200: ZFeeSettings } } }, (req) =>
      setProcessingFee(deps, currentUser(req), req.body),
    );

    // ── who may see the money (decision 0113) ──
    /** Completed gifts per fund and per week or month in a range, for a fund and a method; no donor: every staff member, and a treasurer who is not staff (decision 0122). */
    app.get(API.admin.givingTotals.pattern, { config: { access: "staffOrFinance" }, schema: { querystring: ZPeriodTotalsQuery, response: { 200: ZGivingTotalsReport } } }, (req) =>
      getGivingTotals(deps, req.query, localeOf(req)),
    );
    /**
     * Every gift with its donor: the OWNER and the finance permission only; each view audited.
     * Answered as the JSON text listLedger writes (its lines by PostgreSQL, decisions 0132 and
     * 0137), sent by sendDbJson: the schema documents the answer and the response guard still reads it.
     */
    app.get(API.admin.givingGifts.pattern, { config: { access: "finance" }, schema: { querystring: ZLedgerQuery, response: { 200: ZLedgerPage } } }, async (req, reply) =>
      sendDbJson(reply, await listLedger(deps, currentUser(req), req.query, localeOf(req))),
    );

    // ── cash and check batches (decision 0120) ──
    await app.register(batchRoutes(deps));
    /**
     * Refund or void a gift (decision 0119): the OWNER and finance holders, on the money path
     * (Idempotency-Key required, the giving-refund money limit, 503 when the gateway is down).
     */
    app.post(
      API.admin.givingRefund.pattern,
      { config: { access: "finance" }, schema: { params: ZRefundParams, body: ZRefundRequest, response: { 201: ZRefundResponse } } },
      async (req, reply) => {
        const answer = await runChargeRequest(deps, req, "refund", { giftId: req.params.id, ...req.body }, (charge) => refundGift(charge, currentUser(req), req.params.id, req.body));
        return reply.code(answer.status as 201).send(answer.body as never);
      },
    );
    /** A donor's page: their gifts (keyset pages), recurring gifts and totals by year; each view audited (decision 0122). */
    app.get(
      API.admin.givingDonor.pattern,
      { config: { access: "finance" }, schema: { params: ZDonorParams, querystring: ZDonorQuery, response: { 200: ZDonorPage } } },
      (req) => getDonor(deps, currentUser(req), req.params.userId, req.query, localeOf(req)),
    );
    /** Every completed gift of a range as CSV, streamed from the database a page at a time; audited (decision 0122). */
    app.get(API.admin.givingExport.pattern, { config: { access: "finance", rateLimit: "givingExport" }, schema: { querystring: ZExportQuery } }, async (req, reply) => {
      const { fileName, stream } = await exportGifts(deps, currentUser(req), req.query, localeOf(req));
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${fileName}"`)
        .header("cache-control", "no-store")
        .send(stream);
    });
  };
