import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ZAddCardRequest,
  ZDepositRequest,
  ZDepositResponse,
  ZExchangeTokenRequest,
  ZGiveBalanceRequest,
  ZGiveBalanceResponse,
  ZLinkTokenResponse,
  ZPaymentMethod,
  ZRoundUpEnableRequest,
  ZRoundUpResult,
  ZRoundUpSetting,
  ZSetDefaultRequest,
  ZTransactionsQuery,
  ZWalletBalance,
  ZWalletOverview,
  ZWalletTransaction,
} from "../../../contract/wallet";
import type { Deps } from "../../deps";
import { currentUser } from "../../http/auth";
import { hitMoneyRateLimit, runChargeRequest, runGatewayRequest } from "../../shared/money/charge-request";
import { getRoundUpSetting, setRoundUpSetting } from "./roundup-setting";
import { getBalance } from "../../shared/money/wallet-ledger";
import { listWalletTransactions } from "./list-wallet-transactions";
import { sendDbJson } from "../../http/json-text";
import { getWalletOverview } from "./get-wallet-overview";
import { processRoundUps } from "./process-round-ups";
import { listPaymentMethods } from "./list-payment-methods";
import { addCard } from "./add-card";
import { setDefaultPaymentMethod } from "./set-default-payment-method";
import { removePaymentMethod } from "./remove-payment-method";
import { createLinkToken } from "./create-link-token";
import { linkBankAccount } from "./link-bank-account";
import { addFunds } from "./add-funds";
import { giveWalletBalance } from "./give-wallet-balance";
import { collectRoundUpsNow } from "./collect-round-ups";
import { API } from "../../../contract/api-paths";

/** Any id: one that is not a uuid is as unknown as another member's (404 from the use case). */
const ZId = z.object({ id: z.string().max(100) });

export const walletRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(API.wallet.roundupSetting.pattern, { config: { access: "member" }, schema: { response: { 200: ZRoundUpSetting } } }, (req) =>
      getRoundUpSetting(deps.db, currentUser(req).id),
    );

    app.post(
      API.wallet.roundupEnable.pattern,
      { config: { access: "member", rateLimit: "roundUpSetting" }, schema: { body: ZRoundUpEnableRequest, response: { 200: ZRoundUpSetting } } },
      (req) => setRoundUpSetting(deps.db, currentUser(req).id, req.body.isEnabled, deps.now()),
    );

    app.get(API.wallet.balance.pattern, { config: { access: "member" }, schema: { response: { 200: ZWalletBalance } } }, (req) =>
      getBalance(deps.db, currentUser(req).id),
    );

    app.get(
      API.wallet.transactions.pattern,
      { config: { access: "member" }, schema: { querystring: ZTransactionsQuery, response: { 200: z.array(ZWalletTransaction) } } },
      async (req, reply) => sendDbJson(reply, await listWalletTransactions(deps.db, currentUser(req).id, { ...req.query, search: req.query.search || undefined })),
    );

    app.get(API.wallet.overview.pattern, { config: { access: "member" }, schema: { response: { 200: ZWalletOverview } } }, (req) =>
      getWalletOverview(deps.db, currentUser(req).id, deps.church.timeZone, deps.now()),
    );

    app.post(API.wallet.processRoundups.pattern, { config: { access: "member", rateLimit: "roundUpSync" }, schema: { response: { 200: ZRoundUpResult } } }, (req) =>
      processRoundUps(deps, currentUser(req).id, (err) => req.log.warn({ err }, "bank sync failed")),
    );

    // Browser tests only (TEST_HOOKS, refused in production by config): collect now instead of on the job's clock.
    if (deps.config.testHooks) {
      app.post(
        API.test.collectRoundUps.pattern,
        { config: { access: "member" }, schema: { response: { 200: z.object({ checked: z.number().int(), started: z.number().int() }) } } },
        (req) => collectRoundUpsNow(deps, currentUser(req).id),
      );
    }

    app.get(API.wallet.paymentMethods.pattern, { config: { access: "member" }, schema: { response: { 200: z.array(ZPaymentMethod) } } }, (req) =>
      listPaymentMethods(deps.db, currentUser(req).id),
    );

    app.post(
      API.wallet.paymentMethods.pattern,
      { config: { access: "member" }, schema: { body: ZAddCardRequest, response: { 201: ZPaymentMethod } } },
      async (req, reply) => reply.code(201).send(await runGatewayRequest(deps, req, "wallet-card", (newCard) => addCard(deps, currentUser(req), req.body, newCard))),
    );

    app.put(
      API.wallet.paymentMethod.pattern,
      { config: { access: "member", rateLimit: "paymentMethodChange" }, schema: { params: ZId, body: ZSetDefaultRequest, response: { 200: ZPaymentMethod } } },
      (req) => setDefaultPaymentMethod(deps, currentUser(req).id, req.params.id),
    );

    app.delete(API.wallet.paymentMethod.pattern, { config: { access: "member", rateLimit: "paymentMethodChange" }, schema: { params: ZId } }, async (req, reply) => {
      await removePaymentMethod(deps, currentUser(req).id, req.params.id);
      return reply.code(204).send();
    });

    app.post(API.wallet.plaidLinkToken.pattern, { config: { access: "member", rateLimit: "bankLinkToken" }, schema: { response: { 200: ZLinkTokenResponse } } }, (req) =>
      createLinkToken(deps, currentUser(req).id, (err) => req.log.warn({ err }, "bank link token failed")),
    );

    app.post(
      API.wallet.plaidExchangeToken.pattern,
      { config: { access: "member", rateLimit: "bankLink" }, schema: { body: ZExchangeTokenRequest, response: { 201: ZPaymentMethod } } },
      async (req, reply) => {
        const user = currentUser(req);
        await hitMoneyRateLimit(deps, "wallet-bank", user.id);
        const method = await linkBankAccount(deps, user.id, req.body.publicToken, (err) => req.log.warn({ err }, "bank link failed"));
        return reply.code(201).send(method);
      },
    );

    app.post(
      API.wallet.deposits.pattern,
      { config: { access: "member" }, schema: { body: ZDepositRequest, response: { 201: ZDepositResponse } } },
      async (req, reply) => {
        const answer = await runChargeRequest(deps, req, "wallet-deposit", req.body, (charge) => addFunds(charge, req.body.amountCents));
        return reply.code(answer.status as 201).send(answer.body as never);
      },
    );

    app.post(
      API.wallet.give.pattern,
      { config: { access: "member" }, schema: { body: ZGiveBalanceRequest, response: { 201: ZGiveBalanceResponse } } },
      async (req, reply) => {
        const answer = await runChargeRequest(deps, req, "wallet-give", req.body, (charge) => giveWalletBalance(charge, req.body.amountCents, req.body.fund_id));
        return reply.code(answer.status as 201).send(answer.body as never);
      },
    );
  };
