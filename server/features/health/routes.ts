import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Deps } from "../../deps";
import { API } from "../../../contract/api-paths";

/**
 * GET /api/health: for the load balancer, and for anyone. It says whether this process can
 * serve (the database answers), and nothing else: no versions, counts or database kind for a
 * prober to collect.
 */
export const healthRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      API.health.pattern,
      {
        config: { access: "public" },
        schema: { response: { 200: z.object({ status: z.literal("ok") }).strict(), 503: z.object({ status: z.literal("unavailable") }).strict() } },
      },
      async (_req, reply) => {
        try {
          await deps.database.ping();
          return { status: "ok" as const };
        } catch {
          return reply.code(503).send({ status: "unavailable" as const });
        }
      },
    );
  };
