import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZActivityItem, ZAnalytics } from "../../../contract/admin";
import type { Deps } from "../../deps";
import { getAnalytics } from "./get-analytics";
import { getRecentActivity } from "./get-activity";

/** The admin Dashboard: stat tiles and recent activity (staff). */
export const analyticsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get("/api/admin/analytics", { config: { access: "staff" }, schema: { response: { 200: ZAnalytics } } }, () => getAnalytics(deps));
    app.get("/api/admin/activity", { config: { access: "staff" }, schema: { response: { 200: z.array(ZActivityItem) } } }, () =>
      getRecentActivity(deps.db),
    );
  };
