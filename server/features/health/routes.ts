import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Deps } from "../../deps";

export const healthRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/health",
      {
        config: { access: "public" },
        schema: { response: { 200: z.object({ status: z.literal("ok"), database: z.string() }), 503: z.object({ status: z.literal("unavailable"), error: z.string() }) } },
      },
      async (_req, reply) => {
        try {
          await deps.database.ping();
          return { status: "ok" as const, database: deps.database.kind };
        } catch {
          return reply.code(503).send({ status: "unavailable" as const, error: "Database unreachable" });
        }
      },
    );
  };
