/**
 * Cash and check batches (issue 19; decision 0120): the routes, registered by routes.ts. All of
 * them are for the OWNER and holders of the finance permission (donor-level money); the writes
 * are rate-limited (givingBatch) and creating or changing a batch needs an Idempotency-Key.
 */
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Deps } from "../../deps";
import { currentUser } from "../../http/auth";
import { readIdempotencyKey } from "../../shared/money/idempotency";
import { API } from "../../../contract/api-paths";
import { ZBatch, ZBatchCreate, ZBatchList, ZBatchListQuery, ZBatchParams, ZBatchPatch, ZDonorMatch, ZDonorSearchQuery } from "../../../contract/giving-batches";
import { localeFromAcceptLanguage } from "../../../contract/i18n/locales";
import { createBatch } from "./create-batch";
import { changeBatch } from "./change-batch";
import { closeBatch } from "./close-batch";
import { getBatch } from "./get-batch";
import { listBatches } from "./list-batches";
import { searchDonors } from "./search-donors";

const localeOf = (req: FastifyRequest) => localeFromAcceptLanguage(req.headers["accept-language"]);

export const batchRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(API.admin.givingBatches.pattern, { config: { access: "finance" }, schema: { querystring: ZBatchListQuery, response: { 200: ZBatchList } } }, (req) =>
      listBatches(deps, req.query),
    );
    app.post(
      API.admin.givingBatches.pattern,
      { config: { access: "finance", rateLimit: "givingBatch" }, schema: { body: ZBatchCreate, response: { 201: ZBatch } } },
      async (req, reply) => {
        const answer = await createBatch(deps, currentUser(req), readIdempotencyKey(req.headers["idempotency-key"]), req.body, localeOf(req));
        return reply.code(answer.status as 201).send(answer.body as never);
      },
    );
    app.get(API.admin.givingBatch.pattern, { config: { access: "finance" }, schema: { params: ZBatchParams, response: { 200: ZBatch } } }, (req) =>
      getBatch(deps, currentUser(req), req.params.id, localeOf(req)),
    );
    app.patch(
      API.admin.givingBatch.pattern,
      { config: { access: "finance", rateLimit: "givingBatch" }, schema: { params: ZBatchParams, body: ZBatchPatch, response: { 200: ZBatch } } },
      async (req, reply) => {
        const answer = await changeBatch(deps, currentUser(req), readIdempotencyKey(req.headers["idempotency-key"]), req.params.id, req.body, localeOf(req));
        return reply.code(answer.status as 200).send(answer.body as never);
      },
    );
    app.post(
      API.admin.givingBatchClose.pattern,
      { config: { access: "finance", rateLimit: "givingBatch" }, schema: { params: ZBatchParams, response: { 200: ZBatch } } },
      (req) => closeBatch(deps, currentUser(req), req.params.id, localeOf(req)),
    );
    app.get(
      API.admin.givingDonorSearch.pattern,
      { config: { access: "finance" }, schema: { querystring: ZDonorSearchQuery, response: { 200: z.array(ZDonorMatch) } } },
      (req) => searchDonors(deps.db, req.query.q),
    );
  };
