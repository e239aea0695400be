import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZChurchAnswer, ZChurchMe, ZChurchPatch, ZChurchPublic, CHURCH_TEXT, LOGO_MAX_BYTES } from "../../../contract/church";
import { ZOwnUser } from "../../../contract/auth";
import { JsonTemplate, jsonOf, sendJsonText } from "../../http/json-text";
import type { Deps } from "../../deps";
import { currentUser, type AuthUser } from "../../http/auth";
import { toOwnUser } from "../../shared/public-user";
import { churchRevision } from "../../shared/church-profile";
import { acceptRawUploads, isReceivedUpload } from "../../shared/image-upload";
import { badRequest, notFound } from "../../http/app-error";
import { buildManifest, ZWebManifest } from "./build-manifest";
import { API } from "../../../contract/api-paths";
import { updateChurch } from "./update-church";
import { logoStore, removeChurchLogo, setChurchLogo } from "./church-logo";
import { LOGO_FILES, logoBytes, type LogoFile } from "./logo-images";

export const churchRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    /**
     * The session check of the client (spec section 7): 401 without a valid token. Every member's
     * first request. The church, the same for all, is written once as JSON with a slot for the
     * member's own user (json-text.ts), and written again only when deps.church changes: staff
     * change it on Admin → Church, and every instance's deps.church follows (at once here, on
     * `church-changed` elsewhere: shared/church-profile.ts).
     */
    let made: { revision: number; json: JsonTemplate } | undefined;
    const churchJson = () => {
      const revision = churchRevision();
      if (made?.revision !== revision) {
        made = {
          revision,
          json: JsonTemplate.write(ZChurchMe.extend({ user: ZOwnUser.nullable() }), { church: structuredClone(deps.church), user: null }, (out, slot) => {
            out.user = slot("null");
          }),
        };
      }
      return made.json;
    };
    // A member's answer is kept with their user record as the session cache holds it (the same
    // object on every hit until the session or user changes, when the cache makes a new one),
    // and with the church's JSON it was made from: a new church makes it again.
    const answers = new WeakMap<AuthUser, { json: JsonTemplate; text: Buffer }>();
    app.get(API.church.me.pattern, { config: { access: "member" }, schema: { response: { 200: ZChurchMe } } }, (req, reply) => {
      const user = currentUser(req);
      const json = churchJson();
      let kept = answers.get(user);
      if (kept?.json !== json) answers.set(user, (kept = { json, text: json.fill([jsonOf(ZOwnUser, toOwnUser(user))]) }));
      sendJsonText(reply, kept.text);
    });

    /** Name, logo and colour for the signed-out screens; the external visitors form for /visitors. */
    app.get(API.church.public.pattern, { config: { access: "public" }, schema: { response: { 200: ZChurchPublic } } }, async () => {
      const c = deps.church;
      return { name: c.name, logoUrl: c.logoUrl, accentColor: c.accentColor, visitorsForm: c.links.visitorsForm ?? null };
    });

    /** The web app manifest (installable app), from the church as it is now; linked from index.html. */
    app.get(API.church.manifest.pattern, { config: { access: "public" }, schema: { response: { 200: ZWebManifest } } }, async (_req, reply) => {
      reply.header("content-type", "application/manifest+json; charset=utf-8").header("cache-control", "no-cache");
      return buildManifest(deps.church);
    });

    /**
     * The uploaded logo's images, to anyone (the sign-in screen and the manifest show them).
     * The current version's URL never changes content: cached for a year, immutable. An older
     * version's URL (a screen not yet refetched) gets the current images, revalidated each time.
     */
    const logos = logoStore(deps);
    app.get(
      API.church.logo.pattern,
      { config: { access: "public" }, schema: { params: z.object({ version: z.string().max(64), file: z.enum(LOGO_FILES) }) } },
      async (req, reply) => {
        const current = deps.church.logoVersion;
        const images = current ? await logos(current) : null;
        if (!images) throw notFound(CHURCH_TEXT.logoNotFound);
        const etag = `"${images.version}-${req.params.file}"`;
        const immutable = req.params.version === images.version;
        reply
          .header("content-type", "image/png")
          .header("etag", etag)
          .header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache")
          .header("x-content-type-options", "nosniff");
        if (req.headers["if-none-match"] === etag) return reply.code(304).send();
        return reply.send(logoBytes(images, req.params.file as LogoFile));
      },
    );

    /** Admin → Church (OWNER, PASTOR): any of the profile's fields; one transaction; live for everyone at once. */
    app.patch(
      API.admin.church.pattern,
      { config: { access: "pastor", rateLimit: "churchProfile" }, schema: { body: ZChurchPatch, response: { 200: ZChurchAnswer } } },
      async (req) => {
        const next = await updateChurch(deps, req.body);
        return { church: next };
      },
    );

    // The logo upload takes the image itself as the body (any Content-Type but JSON: the bytes
    // decide what it is, logo-images.ts), in a context of its own so no other route reads raw bodies.
    await app.register(async (upload) => {
      acceptRawUploads(upload, LOGO_MAX_BYTES, "logo", CHURCH_TEXT.logoTooLarge);
      upload.put(
        API.admin.churchLogo.pattern,
        { config: { access: "pastor", rateLimit: "churchProfile" }, bodyLimit: LOGO_MAX_BYTES, schema: { response: { 200: ZChurchAnswer } } },
        async (req) => {
          if (!isReceivedUpload(req.body)) throw badRequest("logo", CHURCH_TEXT.logoNotImage);
          const next = await setChurchLogo(deps, req.body);
          return { church: next };
        },
      );
    });
    app.delete(
      API.admin.churchLogo.pattern,
      { config: { access: "pastor", rateLimit: "churchProfile" }, schema: { response: { 200: ZChurchAnswer } } },
      async () => {
        const next = await removeChurchLogo(deps);
        return { church: next };
      },
    );
  };
