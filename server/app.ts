/**
 * buildApp(deps): plugins, then feature routes. main.ts and every test build the app this way.
 */
import "../contract/zod-setup";
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import cookie from "@fastify/cookie";
import compress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import fs from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";
import type { Deps } from "./deps";
import { installAuth } from "./http/auth";
import { installWriteLimits } from "./http/write-limits";
import { AUTH_CHANNEL, SessionCache } from "./http/session-cache";
import { sessionToucher } from "./http/session-touch";
import { installErrorHandler } from "./http/error-handler";
import { rejectNul } from "./http/reject-nul";
import { DEFAULT_BODY_LIMIT, installJsonBodies } from "./http/json-body";
import { installResponseGuard } from "./http/response-guard";
import { installSecurityHeaders, securityHeaders } from "./http/security-headers";
import { watchChurch } from "./shared/church-profile";
import { installGracefulClose } from "./http/graceful-close";
import { fastifyTrustProxy } from "./http/trust-proxy";
import { lazyChildLogger } from "./http/request-logger";
import { healthRoutes } from "./features/health/routes";
import { authRoutes } from "./features/auth/routes";
import { twoStepRoutes } from "./features/auth/two-step-routes";
import { churchRoutes } from "./features/church/routes";
import { profileRoutes } from "./features/profile/routes";
import { adminRoutes } from "./features/admin/routes";
import { servicesRoutes } from "./features/services/routes";
import { analyticsRoutes } from "./features/admin/analytics-routes";
import { activityRecorder } from "./features/admin/record-activity";
import { prayerRoutes } from "./features/prayer/routes";
import { notesRoutes } from "./features/notes/routes";
import { myDataRoutes } from "./features/my-data/routes";
import { commentsRoutes } from "./features/comments/routes";
import { videosRoutes } from "./features/videos/routes";
import { announcementsRoutes } from "./features/announcements/routes";
import { eventRoutes } from "./events/routes";
import { testimoniesRoutes } from "./features/testimonies/routes";
import { connectRoutes } from "./features/connect/routes";
import { groupsRoutes } from "./features/groups/routes";
import { givingRoutes } from "./features/giving/routes";
import { statementRoutes } from "./features/giving/statement-routes";
import { walletRoutes } from "./features/wallet/routes";
import { visitorsRoutes } from "./features/visitors/routes";
import { calendarRoutes } from "./features/calendar/routes";
import { aiPrayerRoutes } from "./features/ai-prayer/routes";
import { integrationsRoutes } from "./features/integrations/routes";
import { notificationsRoutes } from "./features/notifications/routes";
import { accountSecurityRoutes } from "./features/account-security/routes";
import { directoryRoutes } from "./features/directory/routes";

export interface BuildOptions {
  logger?: FastifyServerOptions["logger"];
  /** Serve the built client from config.clientDir (main.ts and browser tests do; API tests don't). */
  serveClient?: boolean;
  /** Sees every route as it registers (tests walk the route table: response schemas, roles). */
  onRoute?: (route: RouteOptions) => void;
}

/** Never log credentials, cookies or card data: the one logger configuration is in http/logging.ts. */
export { LOG_REDACT } from "./http/logging";

export async function buildApp(deps: Deps, opts: BuildOptions = {}) {
  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: fastifyTrustProxy(deps.config.trustProxy),
    // Each route's own limit is in http/json-body.ts (BODY_LIMITS); this is the rest's.
    bodyLimit: DEFAULT_BODY_LIMIT,
    forceCloseConnections: "idle",
    // Route-independent ids for log lines: this process's random prefix and a counter, unique
    // across instances and restarts (a UUID per request was 1% of a small read's CPU).
    genReqId: requestIds(),
    // Each request's logger is made only when the request writes a line (request-logger.ts).
    ...(opts.logger ? { childLoggerFactory: lazyChildLogger } : {}),
  }).withTypeProvider<ZodTypeProvider>();

  if (opts.onRoute) app.addHook("onRoute", opts.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app, { spaFallback: opts.serveClient });
  installJsonBodies(app as unknown as FastifyInstance);
  rejectNul(app);
  installResponseGuard(app as unknown as FastifyInstance);
  installGracefulClose(app as unknown as FastifyInstance);

  await app.register(cookie);
  // The frames allowed follow the church's visitors form link, which staff may change (decision 0106).
  installSecurityHeaders(
    app as unknown as FastifyInstance,
    () => securityHeaders({ publicUrl: deps.config.publicUrl, church: deps.church, plaid: !!deps.config.plaid }),
    () => deps.church.links.visitorsForm ?? "",
  );
  // deps.church follows the row on every instance: reloaded when any instance changes it.
  const stopWatchingChurch = watchChurch(deps, undefined, (err) => app.log.error({ err }, "church profile reload failed"));
  app.addHook("onClose", async () => stopWatchingChurch());
  // Answers are compressed; requests are not taken compressed (our client never sends one, and
  // the request side's hook on every request was 2% of a small read's CPU).
  await app.register(compress, { global: true, globalDecompression: false, threshold: 1024, encodings: ["br", "gzip"] });

  const activity = activityRecorder(deps);
  // Sessions are cached briefly in this process; PostgreSQL tells every instance when one is
  // revoked or its user changes (session-cache.ts, decision 0071).
  const sessionCache = new SessionCache(deps.config.sessionCacheSeconds * 1000);
  // Not listening (the connection was lost and is being reopened), it keeps nothing.
  const unlistenAuth = await deps.database.listen(AUTH_CHANNEL, (payload) => sessionCache.notice(payload), {
    onLost: () => sessionCache.suspend(),
    onRestored: () => sessionCache.resume(),
  });
  app.addHook("onClose", async () => unlistenAuth().catch(() => undefined));
  const touch = sessionToucher(deps.db, (err) => app.log.warn({ err }, "session last use not written"));
  installAuth(app, deps.db, activity, deps.now, sessionCache, touch);
  app.addHook("onClose", async () => touch.flush());
  installWriteLimits(app as unknown as FastifyInstance, deps);
  // First visits of the day still queued are written before the database closes.
  app.addHook("onClose", async () => activity.flush().catch(() => undefined));

  await app.register(healthRoutes(deps));
  await app.register(authRoutes(deps));
  await app.register(twoStepRoutes(deps));
  await app.register(churchRoutes(deps));
  await app.register(profileRoutes(deps));
  await app.register(adminRoutes(deps));
  await app.register(servicesRoutes(deps));
  await app.register(analyticsRoutes(deps));
  await app.register(prayerRoutes(deps));
  await app.register(notesRoutes(deps));
  await app.register(myDataRoutes(deps));
  await app.register(commentsRoutes(deps));
  await app.register(videosRoutes(deps));
  await app.register(announcementsRoutes(deps));
  await app.register(eventRoutes(deps));
  await app.register(testimoniesRoutes(deps));
  await app.register(connectRoutes(deps));
  await app.register(groupsRoutes(deps));
  await app.register(givingRoutes(deps));
  await app.register(statementRoutes(deps));
  await app.register(walletRoutes(deps));
  await app.register(visitorsRoutes(deps));
  await app.register(calendarRoutes(deps));
  await app.register(aiPrayerRoutes(deps));
  await app.register(integrationsRoutes(deps));
  await app.register(notificationsRoutes(deps));
  await app.register(accountSecurityRoutes(deps));
  await app.register(directoryRoutes(deps));

  if (opts.serveClient) await serveClient(app as unknown as FastifyInstance, deps.config.clientDir);

  return app;
}

/** Request ids: `<8 random hex>-<counter in base 36>`, e.g. `3f9a0c1e-1a2b`. */
export function requestIds() {
  const prefix = randomBytes(4).toString("hex");
  let n = 0;
  return () => `${prefix}-${(++n).toString(36)}`;
}

/** The built client: hashed assets cached for a year, index.html never cached (the SPA fallback is in the error handler). */
async function serveClient(app: FastifyInstance, dir: string) {
  const index = path.join(dir, "index.html");
  if (!fs.existsSync(index)) throw new Error(`The client is not built (${index} is missing). Run npm run build.`);
  await app.register(fastifyStatic, {
    root: dir,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each text file (vite.config.ts); they are sent as they
    // are, and @fastify/compress leaves a response that already has a Content-Encoding alone.
    preCompressed: true,
    setHeaders(res, file) {
      res.header("cache-control", file.includes(`${path.sep}assets${path.sep}`) ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });
}
