import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZVisitor, ZVisitorFollowUpInput, ZVisitorIdParams, ZVisitorInput, ZVisitorPage, ZVisitorsQuery } from "../../../contract/visitors";
import { currentUser } from "../../http/auth";
import { sendDbJson } from "../../http/json-text";
import { markVisitorFollowedUp } from "./mark-visitor-followed-up";
import type { Deps } from "../../deps";
import { submitVisitorCard } from "./submit-visitor-card";
import { listVisitors } from "./list-visitors";
import { API } from "../../../contract/api-paths";

export const visitorsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      API.visitors.list.pattern,
      { config: { access: "public", rateLimit: "visitorCard" }, schema: { body: ZVisitorInput, response: { 201: z.object({ id: z.string() }) } } },
      async (req, reply) => reply.code(201).send(await submitVisitorCard(deps, req.body)),
    );

    // JSON written by PostgreSQL (list-visitors.ts), sent as it is.
    app.get(API.visitors.list.pattern, { config: { access: "staff" }, schema: { querystring: ZVisitorsQuery, response: { 200: ZVisitorPage } } }, async (req, reply) =>
      sendDbJson(reply, await listVisitors(deps.db, req.query)),
    );

    app.patch(
      API.visitors.one.pattern,
      { config: { access: "staff" }, schema: { params: ZVisitorIdParams, body: ZVisitorFollowUpInput, response: { 200: ZVisitor } } },
      (req) => markVisitorFollowedUp(deps, currentUser(req), req.params.id, req.body.followedUp),
    );
  };
