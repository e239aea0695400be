import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
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
import { listNotifications } from "./list-notifications";
import { markNotificationRead } from "./mark-notification-read";
import { markAllNotificationsRead } from "./mark-all-notifications-read";
import { getPreferences } from "./get-preferences";
import { updatePreferences } from "./update-preferences";
import { registerPushToken } from "./register-push-token";
import { removePushToken } from "./remove-push-token";
import { API } from "../../../contract/api-paths";

const ZUnread = z.object({ unreadCount: z.number().int() });

/** Spec section 7 (register-token, token/{token}, preferences) and the inbox behind the header's bell. */
export const notificationsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      API.notifications.list.pattern,
      { config: { access: "member" }, schema: { querystring: ZInboxQuery, response: { 200: ZInboxPage } } },
      (req) => listNotifications(deps.db, currentUser(req).id, req.query),
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
