import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZModerate, ZShareTestimony, ZTestimony } from "../../../contract/testimonies";
import { ZIdParams } from "../../../contract/connect";
import type { Deps } from "../../deps";
import { currentUser } from "../../http/auth";
import { listTestimonies, listTestimoniesJson, testimonyWall } from "./list-testimonies";
import { sendJsonText } from "../../http/json-text";
import { shareTestimony } from "./share-testimony";
import { amenTestimony } from "./amen-testimony";
import { moderateTestimony } from "./moderate-testimony";
import { API } from "../../../contract/api-paths";

export const testimoniesRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    // The approved testimonies every member sees alike, shared for this app (list-testimonies.ts).
    const wall = testimonyWall(deps);
    app.addHook("onClose", async () => wall.close());

    app.get(API.testimonies.list.pattern, { config: { access: "member" }, schema: { response: { 200: z.array(ZTestimony) } } }, async (req, reply) => {
      const json = await listTestimoniesJson(wall, currentUser(req));
      return json === null ? listTestimonies(deps, wall, currentUser(req)) : sendJsonText(reply, json);
    });

    app.post(
      API.testimonies.list.pattern,
      { config: { access: "member", rateLimit: "testimony" }, schema: { body: ZShareTestimony, response: { 201: ZTestimony } } },
      async (req, reply) => reply.code(201).send(await shareTestimony(deps, currentUser(req), req.body.text)),
    );

    app.post(
      API.testimonies.amen.pattern,
      { config: { access: "member", rateLimit: "testimonyAmen" }, schema: { params: ZIdParams, response: { 200: ZTestimony } } },
      async (req) => amenTestimony(deps, wall, currentUser(req), req.params.id),
    );

    app.patch(
      API.testimonies.one.pattern,
      { config: { access: "staff" }, schema: { params: ZIdParams, body: ZModerate, response: { 200: ZTestimony } } },
      async (req) => moderateTestimony(deps, wall, currentUser(req), req.params.id, req.body.isApproved),
    );
  };
