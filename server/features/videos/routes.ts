import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZVideo } from "../../../contract/videos";
import type { Deps } from "../../deps";
import { listVideos } from "./list-videos";

export const videosRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get("/api/videos", { config: { access: "member" }, schema: { response: { 200: z.array(ZVideo) } } }, () => listVideos(deps.db));
  };
