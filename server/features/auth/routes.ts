import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyReply } from "fastify";
import { ZAuthResponse, ZForgotPassword, ZLogin, ZMessage, ZRegister, ZResetPassword, ZSetLocale, AUTH_TEXT } from "../../../contract/auth";
import type { Deps } from "../../deps";
import { EVENTS_COOKIE, currentUser } from "../../http/auth";
import { registerUser } from "./register-user";
import { signIn } from "./sign-in";
import { signOut } from "./sign-out";
import { requestPasswordReset } from "./request-password-reset";
import { resetPassword } from "./reset-password";
import { toPublicUser } from "../../shared/public-user";
import { setLocale } from "./set-locale";
import { localeFromAcceptLanguage } from "../../../contract/i18n/locales";

export const authRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    /** The event stream cannot send headers: it gets an HttpOnly cookie scoped to /api/events. */
    const setEventsCookie = (reply: FastifyReply, token: string, expiresAt: Date) =>
      reply.setCookie(EVENTS_COOKIE, token, {
        httpOnly: true,
        sameSite: "strict",
        path: "/api/events",
        secure: deps.config.publicUrl.startsWith("https://"),
        expires: expiresAt,
      });

    app.post(
      "/api/auth/register",
      { config: { access: "public" }, schema: { body: ZRegister, response: { 201: ZAuthResponse } } },
      async (req, reply) => {
        const { token, expiresAt, user } = await registerUser(deps, req.body, req.ip, localeFromAcceptLanguage(req.headers["accept-language"]));
        setEventsCookie(reply, token, expiresAt);
        return reply.code(201).send({ token, user: toPublicUser(user) });
      },
    );

    app.post(
      "/api/auth/login",
      { config: { access: "public" }, schema: { body: ZLogin, response: { 200: ZAuthResponse } } },
      async (req, reply) => {
        const { token, expiresAt, user } = await signIn(deps, req.body, req.ip);
        setEventsCookie(reply, token, expiresAt);
        return { token, user: toPublicUser(user) };
      },
    );

    app.post("/api/auth/logout", { config: { access: "member" } }, async (req, reply) => {
      currentUser(req);
      await signOut(deps, req.sessionId!);
      app.sessionCache.forgetUser(req.user!.id);
      reply.clearCookie(EVENTS_COOKIE, { path: "/api/events" });
      return reply.code(204).send();
    });

    app.put("/api/auth/locale", { config: { access: "member" }, schema: { body: ZSetLocale } }, async (req, reply) => {
      await setLocale(deps, currentUser(req).id, req.body.locale);
      return reply.code(204).send();
    });

    app.post(
      "/api/auth/forgot-password",
      { config: { access: "public" }, schema: { body: ZForgotPassword, response: { 202: ZMessage } } },
      async (req, reply) => {
        await requestPasswordReset(deps, req.body.email, req.ip);
        return reply.code(202).send({ message: AUTH_TEXT.resetRequested });
      },
    );

    app.post(
      "/api/auth/reset-password",
      { config: { access: "public" }, schema: { body: ZResetPassword, response: { 200: ZMessage } } },
      async (req) => {
        const userId = await resetPassword(deps, req.body.token, req.body.password);
        app.sessionCache.forgetUser(userId);
        return { message: AUTH_TEXT.resetDone };
      },
    );
  };
