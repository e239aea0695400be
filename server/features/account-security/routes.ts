/**
 * Profile → Sign-in and security (issue 20): change password, change email (confirmed by a link
 * to the new address), and the member's devices (their own sessions only). Every route here is
 * the member's own: a session id of anyone else is a 404, as an unknown one is.
 * Signing sessions out (password change, one device, all others) forgets the member's cached
 * sessions here at once; the revocation's NOTIFY (migration 0010) reaches every other process,
 * whose event streams of revoked sessions close (events/routes.ts), as sign-out's do.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "../../../contract/zod-setup";
import type { Deps } from "../../deps";
import { API } from "../../../contract/api-paths";
import { currentUser } from "../../http/auth";
import { notFound } from "../../http/app-error";
import { ZChangeEmail, ZChangePassword, ZConfirmEmail, ZDeviceSessions, ZEmailStatus, ACCOUNT_SECURITY_TEXT } from "../../../contract/account-security";
import { changePassword } from "./change-password";
import { confirmEmailChange, emailStatus, requestEmailChange } from "./change-email";
import { listSessions, revokeOtherSessions, revokeSession } from "./devices";

export const accountSecurityRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      API.security.password.pattern,
      { config: { access: "member", rateLimit: "passwordChange" }, schema: { body: ZChangePassword } },
      async (req, reply) => {
        const user = currentUser(req);
        await changePassword(deps, user.id, req.sessionId!, req.body);
        app.sessionCache.forgetUser(user.id);
        return reply.code(204).send();
      },
    );

    app.get(API.security.email.pattern, { config: { access: "member" }, schema: { response: { 200: ZEmailStatus } } }, async (req) =>
      emailStatus(deps, currentUser(req).id),
    );

    app.post(
      API.security.email.pattern,
      { config: { access: "member", rateLimit: "emailChange" }, schema: { body: ZChangeEmail, response: { 202: ZEmailStatus } } },
      async (req, reply) => {
        const user = currentUser(req);
        const { pendingEmail } = await requestEmailChange(deps, user.id, req.body);
        return reply.code(202).send({ email: user.email, pendingEmail });
      },
    );

    app.post(
      API.auth.confirmEmail.pattern,
      { config: { access: "public", rateLimit: "emailConfirm" }, schema: { body: ZConfirmEmail } },
      async (req, reply) => {
        const userId = await confirmEmailChange(deps, req.body.token);
        app.sessionCache.forgetUser(userId);
        return reply.code(204).send();
      },
    );

    app.get(API.security.sessions.pattern, { config: { access: "member" }, schema: { response: { 200: ZDeviceSessions } } }, async (req) => ({
      sessions: await listSessions(deps, currentUser(req).id, req.sessionId!),
    }));

    app.post(API.security.signOutOthers.pattern, { config: { access: "member", rateLimit: "sessionSignOut" } }, async (req, reply) => {
      const user = currentUser(req);
      await revokeOtherSessions(deps, user.id, req.sessionId!);
      app.sessionCache.forgetUser(user.id);
      return reply.code(204).send();
    });

    app.delete(
      API.security.session.pattern,
      { config: { access: "member", rateLimit: "sessionSignOut" }, schema: { params: z.object({ id: z.string().max(100) }) } },
      async (req, reply) => {
        const user = currentUser(req);
        if (!(await revokeSession(deps, user.id, req.params.id))) throw notFound(ACCOUNT_SECURITY_TEXT.sessionNotFound);
        app.sessionCache.forgetUser(user.id);
        return reply.code(204).send();
      },
    );
  };
