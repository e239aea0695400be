import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZLiveService } from "../../../contract/services";
import type { Deps } from "../../deps";
import { getLiveService } from "./get-live-service";

export const servicesRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get("/api/services/live", { config: { access: "member" }, schema: { response: { 200: ZLiveService } } }, () => getLiveService(deps.db));
  };
