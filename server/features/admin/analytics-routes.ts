import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZActivityItem, ZAnalytics } from "../../../contract/admin";
import type { Deps } from "../../deps";
import { getAnalytics } from "./get-analytics";
import { getRecentActivity } from "./get-activity";
import { API } from "../../../contract/api-paths";

/** The admin Dashboard: stat tiles and recent activity (staff). */
export const analyticsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(API.admin.analytics.pattern, { config: { access: "staff" }, schema: { response: { 200: ZAnalytics } } }, () => getAnalytics(deps));
    app.get(API.admin.activity.pattern, { config: { access: "staff" }, schema: { response: { 200: z.array(ZActivityItem) } } }, () =>
      getRecentActivity(deps.db),
    );
  };
