/**
 * buildApp(deps): plugins, then feature routes. main.ts and every test build the app this way.
 */
import "../contract/zod-setup";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import cookie from "@fastify/cookie";
import helmet from "@fastify/helmet";
import compress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import fs from "node:fs";
import path from "node:path";
import type { Deps } from "./deps";
import { installAuth } from "./http/auth";
import { installErrorHandler } from "./http/error-handler";
import { healthRoutes } from "./features/health/routes";
import { authRoutes } from "./features/auth/routes";
import { churchRoutes } from "./features/church/routes";
import { adminRoutes } from "./features/admin/routes";
import { servicesRoutes } from "./features/services/routes";
import { analyticsRoutes } from "./features/admin/analytics-routes";
import { createActivityRecorder } from "./features/admin/record-activity";
import { prayerRoutes } from "./features/prayer/routes";
import { notesRoutes } from "./features/notes/routes";
import { commentsRoutes } from "./features/comments/routes";
import { videosRoutes } from "./features/videos/routes";
import { eventRoutes } from "./events/routes";
import { testimoniesRoutes } from "./features/testimonies/routes";
import { connectRoutes } from "./features/connect/routes";
import { givingRoutes } from "./features/giving/routes";
import { visitorsRoutes } from "./features/visitors/routes";
import { aiPrayerRoutes } from "./features/ai-prayer/routes";

export interface BuildOptions {
  logger?: FastifyServerOptions["logger"];
  /** Serve the built client from config.clientDir (main.ts and browser tests do; API tests don't). */
  serveClient?: boolean;
}

/** Never log credentials, cookies or card data (DESIGN.md, Security baseline). */
export const LOG_REDACT = [
  "req.headers.authorization",
  "req.headers.cookie",
  'res.headers["set-cookie"]',
  "*.password",
  "*.card_number",
  "*.card_cvv",
  "*.token",
];

export async function buildApp(deps: Deps, opts: BuildOptions = {}) {
  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1_048_576,
    forceCloseConnections: "idle",
    // Route-independent ids for log lines.
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app, { spaFallback: opts.serveClient });

  await app.register(cookie);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "https:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        // Only the pages the spec embeds may be framed.
        frameSrc: ["'self'", "https://www.youtube.com", "https://www.youtube-nocookie.com"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    hsts: deps.config.publicUrl.startsWith("https://") ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
  await app.register(compress, { global: true, threshold: 1024, encodings: ["br", "gzip"] });

  installAuth(app, deps.db, createActivityRecorder(deps), deps.now);

  await app.register(healthRoutes(deps));
  await app.register(authRoutes(deps));
  await app.register(churchRoutes(deps));
  await app.register(adminRoutes(deps));
  await app.register(servicesRoutes(deps));
  await app.register(analyticsRoutes(deps));
  await app.register(prayerRoutes(deps));
  await app.register(notesRoutes(deps));
  await app.register(commentsRoutes(deps));
  await app.register(videosRoutes(deps));
  await app.register(eventRoutes(deps));
  await app.register(testimoniesRoutes(deps));
  await app.register(connectRoutes(deps));
  await app.register(givingRoutes(deps));
  await app.register(visitorsRoutes(deps));
  await app.register(aiPrayerRoutes(deps));

  if (opts.serveClient) await serveClient(app as unknown as FastifyInstance, deps.config.clientDir);

  return app;
}

/** The built client: hashed assets cached for a year, index.html never cached (the SPA fallback is in the error handler). */
async function serveClient(app: FastifyInstance, dir: string) {
  const index = path.join(dir, "index.html");
  if (!fs.existsSync(index)) throw new Error(`The client is not built (${index} is missing). Run npm run build.`);
  await app.register(fastifyStatic, {
    root: dir,
    wildcard: false,
    index: false,
    preCompressed: false,
    setHeaders(res, file) {
      res.header("cache-control", file.includes(`${path.sep}assets${path.sep}`) ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });
}
