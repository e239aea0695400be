import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZAuthResponse, ZForgotPassword, ZLogin, ZMessage, ZRegister, ZResetPassword, ZSetLocale, AUTH_TEXT } from "../../../contract/auth";
import { ZLoginAnswer } from "../../../contract/two-step";
import type { Deps } from "../../deps";
import { EVENTS_COOKIE, currentUser } from "../../http/auth";
import { setEventsCookie } from "./events-cookie";
import { registerUser } from "./register-user";
import { signIn } from "./sign-in";
import { signOut } from "./sign-out";
import { requestPasswordReset } from "./request-password-reset";
import { resetPassword } from "./reset-password";
import { toOwnUser } from "../../shared/public-user";
import { setLocale } from "./set-locale";
import { KNOWN_DEVICE_COOKIE, KnownDevice, setKnownDeviceCookie } from "./known-device";
import { localeFromAcceptLanguage } from "../../../contract/i18n/locales";
import { API } from "../../../contract/api-paths";

export const authRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      API.auth.register.pattern,
      { config: { access: "public" }, schema: { body: ZRegister, response: { 201: ZAuthResponse } } },
      async (req, reply) => {
        const { token, expiresAt, user } = await registerUser(deps, req.body, req.ip, localeFromAcceptLanguage(req.headers["accept-language"]), req.headers["user-agent"]);
        setEventsCookie(deps, reply, token, expiresAt);
        setKnownDeviceCookie(deps, reply, KnownDevice.read(deps.secrets, req.cookies[KNOWN_DEVICE_COOKIE], deps.now()).remember(deps.secrets, user.email));
        return reply.code(201).send({ token, user: toOwnUser(user) });
      },
    );

    app.post(
      API.auth.login.pattern,
      { config: { access: "public" }, schema: { body: ZLogin, response: { 200: ZLoginAnswer } } },
      async (req, reply) => {
        const answer = await signIn(deps, req.body, req.ip, req.cookies[KNOWN_DEVICE_COOKIE], req.headers["user-agent"]);
        // A second step is needed: no session, no cookie, only the ticket (second-step.ts).
        if ("ticket" in answer) return answer;
        const { token, expiresAt, user, twoStepSetup, knownDevice } = answer;
        setEventsCookie(deps, reply, token, expiresAt);
        setKnownDeviceCookie(deps, reply, knownDevice);
        return { token, user: toOwnUser(user), ...(twoStepSetup ? { twoStepSetup: true as const } : {}) };
      },
    );

    app.post(API.auth.logout.pattern, { config: { access: "member" } }, async (req, reply) => {
      currentUser(req);
      await signOut(deps, req.sessionId!);
      app.sessionCache.forgetUser(req.user!.id);
      reply.clearCookie(EVENTS_COOKIE, { path: API.events.stream() });
      return reply.code(204).send();
    });

    app.put(API.auth.locale.pattern, { config: { access: "member" }, schema: { body: ZSetLocale } }, async (req, reply) => {
      await setLocale(deps, currentUser(req).id, req.body.locale);
      return reply.code(204).send();
    });

    app.post(
      API.auth.forgotPassword.pattern,
      { config: { access: "public" }, schema: { body: ZForgotPassword, response: { 202: ZMessage } } },
      async (req, reply) => {
        await requestPasswordReset(deps, req.body.email, req.ip);
        return reply.code(202).send({ message: AUTH_TEXT.resetRequested });
      },
    );

    app.post(
      API.auth.resetPassword.pattern,
      { config: { access: "public" }, schema: { body: ZResetPassword, response: { 200: ZMessage } } },
      async (req) => {
        const userId = await resetPassword(deps, req.body.token, req.body.password);
        app.sessionCache.forgetUser(userId);
        return { message: AUTH_TEXT.resetDone };
      },
    );
  };
