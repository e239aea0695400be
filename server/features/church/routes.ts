import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZChurch, ZChurchMe, ZChurchPublic } from "../../../contract/church";
import { ZUser } from "../../../contract/auth";
import { jsonOf, sendJsonText } from "../../http/json-text";
import type { Deps } from "../../deps";
import { currentUser, type AuthUser } from "../../http/auth";
import { toPublicUser } from "../../shared/public-user";
import { buildManifest, ZWebManifest } from "./build-manifest";

export const churchRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    /**
     * The session check of the client (spec section 7): 401 without a valid token. Every member's
     * first request: the church (the same for all, fixed at start) is serialized once.
     */
    const churchJson = jsonOf(ZChurch, deps.church);
    // A member's answer is kept with their user record as the session cache holds it (the same
    // object on every hit until the session or user changes, when the cache makes a new one).
    const answers = new WeakMap<AuthUser, string>();
    app.get("/api/church/me", { config: { access: "member" }, schema: { response: { 200: ZChurchMe } } }, (req, reply) => {
      const user = currentUser(req);
      let text = answers.get(user);
      if (text === undefined) answers.set(user, (text = `{"church":${churchJson},"user":${jsonOf(ZUser, toPublicUser(user))}}`));
      sendJsonText(reply, text);
    });

    /** Name, logo and colour for the signed-out screens. */
    app.get("/api/church/public", { config: { access: "public" }, schema: { response: { 200: ZChurchPublic } } }, async () => ({
      name: deps.church.name,
      logoUrl: deps.church.logoUrl,
      accentColor: deps.church.accentColor,
    }));

    /** The web app manifest (installable app), from the church config; linked from index.html. */
    const manifest = buildManifest(deps.church);
    app.get("/manifest.webmanifest", { config: { access: "public" }, schema: { response: { 200: ZWebManifest } } }, async (_req, reply) => {
      reply.header("content-type", "application/manifest+json; charset=utf-8").header("cache-control", "no-cache");
      return manifest;
    });
  };
