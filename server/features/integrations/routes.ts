import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ZAuthorizeResult,
  ZIntegration,
  ZIntegrationIdParams,
  ZOAuthCallbackQuery,
  ZProviderParams,
  ZTestResult,
  ZVoiceConnect,
} from "../../../contract/integrations";
import type { Deps } from "../../deps";
import { localeFromAcceptLanguage } from "../../../contract/i18n/locales";
import { currentUser } from "../../http/auth";
import { listIntegrations } from "./list-integrations";
import { GHL_CALLBACK_PATH, OAUTH_COOKIE, OAUTH_STATE_TTL_MS, startGhlAuthorization } from "./start-ghl-authorization";
import { completeGhlAuthorization } from "./complete-ghl-authorization";
import { OAUTH_POPUP_SCRIPT, OAUTH_POPUP_SCRIPT_PATH, renderOAuthPopupPage } from "./oauth-popup-page";
import { testIntegration } from "./test-integration";
import { removeIntegration } from "./remove-integration";
import { connectVoice } from "./connect-voice";
import { API } from "../../../contract/api-paths";

/** Integrations (spec sections 2, 3, 6, 7 and 8): staff manage them; the OAuth callback is public (the popup has no bearer token). */
export const integrationsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const secure = deps.config.publicUrl.startsWith("https://");

    app.get(API.integrations.list.pattern, { config: { access: "staff" }, schema: { response: { 200: z.array(ZIntegration) } } }, () => listIntegrations(deps.db));

    app.get(API.integrations.ghlAuthorize.pattern, { config: { access: "staff" }, schema: { response: { 200: ZAuthorizeResult } } }, async (req, reply) => {
      const { authUrl, nonce } = await startGhlAuthorization(deps, currentUser(req));
      // Lax: GoHighLevel's redirect back is a top-level GET navigation from another site.
      reply.setCookie(OAUTH_COOKIE, nonce, { httpOnly: true, sameSite: "lax", secure, path: GHL_CALLBACK_PATH, maxAge: OAUTH_STATE_TTL_MS / 1000 });
      return { authUrl };
    });

    app.get(GHL_CALLBACK_PATH, { config: { access: "public" }, schema: { querystring: ZOAuthCallbackQuery } }, async (req, reply) => {
      const outcome = await completeGhlAuthorization(deps, req.query, req.cookies?.[OAUTH_COOKIE], (err) => req.log.warn({ err }, "GoHighLevel authorization failed"));
      return (
        reply
          .code(outcome.ok ? 200 : 400)
          .clearCookie(OAUTH_COOKIE, { path: GHL_CALLBACK_PATH, httpOnly: true, sameSite: "lax", secure })
          .header("cache-control", "no-store")
          .header("referrer-policy", "no-referrer")
          // Keep the popup attached to the page that opened it, so it can report back and be closed.
          .header("cross-origin-opener-policy", "unsafe-none")
          .type("text/html; charset=utf-8")
          .send(renderOAuthPopupPage(deps.church.name, "ghl", outcome, localeFromAcceptLanguage(req.headers["accept-language"])))
      );
    });

    app.get(OAUTH_POPUP_SCRIPT_PATH, { config: { access: "public" } }, async (_req, reply) =>
      reply.type("text/javascript; charset=utf-8").header("cache-control", "no-cache").send(OAUTH_POPUP_SCRIPT),
    );

    app.post(
      API.integrations.voiceConnect.pattern,
      { config: { access: "staff" }, schema: { body: ZVoiceConnect, response: { 201: ZIntegration } } },
      async (req, reply) => reply.code(201).send(await connectVoice(deps, currentUser(req), req.body.apiKey)),
    );

    app.post(
      API.integrations.test.pattern,
      { config: { access: "staff" }, schema: { params: ZProviderParams, response: { 200: ZTestResult } } },
      (req) => testIntegration(deps, req.params.provider),
    );

    app.delete(API.integrations.one.pattern, { config: { access: "staff" }, schema: { params: ZIntegrationIdParams } }, async (req, reply) => {
      await removeIntegration(deps, req.params.id);
      return reply.code(204).send();
    });
  };
