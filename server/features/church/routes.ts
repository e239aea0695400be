import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZChurchMe, ZChurchPublic } from "../../../contract/church";
import { ZUser } from "../../../contract/auth";
import { JsonTemplate, jsonOf, sendJsonText } from "../../http/json-text";
import { SharedAnswer } from "../../http/shared-read";
import type { Deps } from "../../deps";
import { currentUser, type AuthUser } from "../../http/auth";
import { toPublicUser } from "../../shared/public-user";
import { buildManifest, ZWebManifest } from "./build-manifest";
import { API } from "../../../contract/api-paths";

export const churchRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    /**
     * The session check of the client (spec section 7): 401 without a valid token. Every member's
     * first request. The church, the same for all and fixed at start, is a shared answer written
     * once (server/http/shared-read.ts) with a slot for the member's own user.
     */
    const church = new SharedAnswer(deps, {
      events: [],
      fixed: true,
      load: async () => deps.church,
      write: (c) =>
        JsonTemplate.write(ZChurchMe.extend({ user: ZUser.nullable() }), { church: c, user: null }, (out, slot) => {
          out.user = slot("null");
        }),
    });
    // A member's answer is kept with their user record as the session cache holds it (the same
    // object on every hit until the session or user changes, when the cache makes a new one);
    // the church part of it never changes while the server runs.
    const answers = new WeakMap<AuthUser, Buffer>();
    const answerFor = async (user: AuthUser) => {
      const text = church.json(await church.get()).fill([jsonOf(ZUser, toPublicUser(user))]);
      answers.set(user, text);
      return text;
    };
    app.get(API.church.me.pattern, { config: { access: "member" }, schema: { response: { 200: ZChurchMe } } }, (req, reply) => {
      const user = currentUser(req);
      const text = answers.get(user);
      // Answered without a promise when the member's answer is made (nearly every request).
      if (text) return void sendJsonText(reply, text);
      return answerFor(user).then((made) => void sendJsonText(reply, made));
    });

    /** Name, logo and colour for the signed-out screens. */
    app.get(API.church.public.pattern, { config: { access: "public" }, schema: { response: { 200: ZChurchPublic } } }, async () => ({
      name: deps.church.name,
      logoUrl: deps.church.logoUrl,
      accentColor: deps.church.accentColor,
    }));

    /** The web app manifest (installable app), from the church config; linked from index.html. */
    const manifest = buildManifest(deps.church);
    app.get(API.church.manifest.pattern, { config: { access: "public" }, schema: { response: { 200: ZWebManifest } } }, async (_req, reply) => {
      reply.header("content-type", "application/manifest+json; charset=utf-8").header("cache-control", "no-cache");
      return manifest;
    });
  };
