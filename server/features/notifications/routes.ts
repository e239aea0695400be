import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ZInboxPage,
  ZInboxQuery,
  ZNotification,
  ZNotificationIdParams,
  ZNotificationPreferences,
  ZRegisterToken,
  ZUpdatePreferences,
  ZVapidPublicKey,
} from "../../../contract/notifications";
import type { Deps } from "../../deps";
import { currentUser } from "../../http/auth";
import { sendDbJson } from "../../http/json-text";
import { listNotifications } from "./list-notifications";
import { markNotificationRead } from "./mark-notification-read";
import { markAllNotificationsRead } from "./mark-all-notifications-read";
import { getPreferences } from "./get-preferences";
import { updatePreferences } from "./update-preferences";
import { registerPushToken } from "./register-push-token";
import { removePushToken } from "./remove-push-token";
import { API } from "../../../contract/api-paths";
import { UNSUBSCRIBE_TEXT, ZEmailUnsubscribeAnswer, ZEmailUnsubscribeBody, ZEmailUnsubscribeQuery } from "../../../contract/directory";
import { UNSUBSCRIBE_PAGE } from "../../shared/email/unsubscribe";
import { unsubscribeFromNews } from "./unsubscribe-email";

const ZUnread = z.object({ unreadCount: z.number().int() });

/** Spec section 7 (register-token, token/{token}, preferences) and the inbox behind the header's bell. */
export const notificationsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      API.notifications.list.pattern,
      { config: { access: "member" }, schema: { querystring: ZInboxQuery, response: { 200: ZInboxPage } } },
      // The page's JSON is written by PostgreSQL (list-notifications.ts): sent as it is.
      async (req, reply) => sendDbJson(reply, await listNotifications(deps.db, currentUser(req).id, req.query)),
    );

    app.post(
      API.notifications.read.pattern,
      { config: { access: "member" }, schema: { params: ZNotificationIdParams, response: { 200: ZUnread.extend({ notification: ZNotification }) } } },
      (req) => markNotificationRead(deps, currentUser(req).id, req.params.id),
    );

    app.post(API.notifications.readAll.pattern, { config: { access: "member" }, schema: { response: { 200: ZUnread } } }, (req) =>
      markAllNotificationsRead(deps, currentUser(req).id),
    );

    app.get(API.notifications.vapidPublicKey.pattern, { config: { access: "member" }, schema: { response: { 200: ZVapidPublicKey } } }, async () => ({
      publicKey: await deps.push.publicKey(),
    }));

    app.get(API.notifications.preferences.pattern, { config: { access: "member" }, schema: { response: { 200: ZNotificationPreferences } } }, (req) =>
      getPreferences(deps.db, currentUser(req)),
    );

    app.put(
      API.notifications.preferences.pattern,
      { config: { access: "member", rateLimit: "notificationPreferences" }, schema: { body: ZUpdatePreferences, response: { 200: ZNotificationPreferences } } },
      (req) => updatePreferences(deps, currentUser(req), req.body),
    );

    app.post(
      API.notifications.registerToken.pattern,
      { config: { access: "member", rateLimit: "pushToken" }, schema: { body: ZRegisterToken, response: { 200: ZNotificationPreferences } } },
      (req) => registerPushToken(deps, currentUser(req), req.body),
    );

    /**
     * One-click unsubscribe from church news (RFC 8058, decision 0118), without signing in. A
     * mail client POSTs `List-Unsubscribe=One-Click` (form-encoded) to the URL of the
     * List-Unsubscribe header, token in the query; the landing page POSTs JSON `{ token }`.
     * Every token gets the same answer. GET never unsubscribes (mail scanners follow links): it
     * sends the person to the landing page, which asks first.
     */
    app.get(API.email.unsubscribe.pattern, { config: { access: "public" }, schema: { querystring: ZEmailUnsubscribeQuery } }, (req, reply) =>
      reply.redirect(`${UNSUBSCRIBE_PAGE}?token=${encodeURIComponent(req.query.token ?? "")}`, 303),
    );
    await app.register(async (scope) => {
      const oneClick = scope.withTypeProvider<ZodTypeProvider>();
      // The one-click body says nothing we need; it is read (within the body limit) and ignored.
      for (const type of ["application/x-www-form-urlencoded", "multipart/form-data"]) {
        oneClick.addContentTypeParser(type, { parseAs: "string" }, (_req, _body, done) => done(null, {}));
      }
      oneClick.post(
        API.email.unsubscribe.pattern,
        {
          config: { access: "public", rateLimit: "emailUnsubscribe" },
          schema: { querystring: ZEmailUnsubscribeQuery, body: ZEmailUnsubscribeBody.optional(), response: { 200: ZEmailUnsubscribeAnswer } },
        },
        async (req) => {
          await unsubscribeFromNews(deps, req.query.token ?? req.body?.token);
          return { message: UNSUBSCRIBE_TEXT.done };
        },
      );
    });

    // A wildcard, not a :param: the URL-encoded subscription is longer than the router's 100-character parameter limit.
    app.delete(
      API.notifications.token.pattern,
      { config: { access: "member" }, schema: { params: z.object({ "*": z.string().min(1).max(8192) }) } },
      async (req, reply) => {
        await removePushToken(deps, currentUser(req).id, req.params["*"]);
        return reply.code(204).send();
      },
    );
  };
