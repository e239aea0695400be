/**
 * GET /api/events: the server-sent event stream. Authenticated by the bearer header or by the
 * HttpOnly cookie set at sign-in (EventSource cannot send headers), never a token in the URL.
 * It sends `connected` first, then every bus event the member may see, a heartbeat comment every
 * 25 s so proxies keep it open, and a retry hint. A client that cannot keep up (more than 256 KB
 * unsent) is dropped rather than buffered without bound; it reconnects and refetches.
 *
 * What an attacker's test found, and what holds now:
 * - One token opened 2,000 streams. A session keeps at most MAX_STREAMS_PER_SESSION and a member
 *   MAX_STREAMS_PER_MEMBER open on this process; opening one more closes the oldest (it is told
 *   `replaced`, so the client waits before coming back instead of pushing another tab out at
 *   once). The caps are per process: behind a load balancer a member's streams land on a
 *   process by chance, and counting them across processes would cost a database write per
 *   stream and a cleanup after every crash. What the caps bound is one process's sockets and
 *   memory per session, which a per-process count does exactly; N processes allow N times the
 *   cap, still a small number.
 * - Streams opened before sign-out or a password reset kept receiving events. Every change to a
 *   member's sessions reaches every process through the session cache's NOTIFY (AUTH_CHANNEL,
 *   http/session-cache.ts): the member's streams here are checked against the database at once,
 *   and those whose session is revoked or expired are closed. The same check picks up a role
 *   change, and after a lost listening connection every stream is checked.
 * - Members received `new-question`/`new-testimony` and the moderation notices for items still
 *   pending: those events (contract/events.ts, isStaffOnlyEvent) go to staff streams only.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ServerResponse } from "node:http";
import { and, eq, gt, inArray, isNull } from "drizzle-orm";
import type { Deps } from "../deps";
import type { EventBus } from "./bus";
import { sessions, users } from "../db/schema/users";
import { isStaff, type Role } from "../../contract/roles";
import { isStaffOnlyEvent } from "../../contract/events";
import { API } from "../../contract/api-paths";

export const HEARTBEAT_MS = 25_000;
const MAX_BUFFERED = 256 * 1024;
/** A phone, a laptop and a tablet signed in once each share nothing; one browser's tabs share one session. */
export const MAX_STREAMS_PER_SESSION = 3;
export const MAX_STREAMS_PER_MEMBER = 10;

interface Stream {
  userId: string;
  sessionId: string;
  role: Role;
}

export const eventRoutes =
  (deps: Deps & { bus: EventBus }): FastifyPluginAsyncZod =>
  async (app) => {
    /** Open streams, and the same by session and by member, each oldest first (insertion order). */
    const clients = new Map<ServerResponse, Stream>();
    const bySession = new Map<string, Set<ServerResponse>>();
    const byMember = new Map<string, Set<ServerResponse>>();
    const index = (map: Map<string, Set<ServerResponse>>, key: string, res: ServerResponse) => {
      let set = map.get(key);
      if (!set) map.set(key, (set = new Set()));
      set.add(res);
    };
    const unindex = (map: Map<string, Set<ServerResponse>>, key: string, res: ServerResponse) => {
      const set = map.get(key);
      set?.delete(res);
      if (set?.size === 0) map.delete(key);
    };
    const add = (res: ServerResponse, stream: Stream) => {
      clients.set(res, stream);
      index(bySession, stream.sessionId, res);
      index(byMember, stream.userId, res);
    };
    const remove = (res: ServerResponse) => {
      const stream = clients.get(res);
      if (!stream) return;
      clients.delete(res);
      unindex(bySession, stream.sessionId, res);
      unindex(byMember, stream.userId, res);
    };
    const connected = (userId: string) => `event: connected\ndata: ${JSON.stringify({ userId })}\n\n`;

    const send = (res: ServerResponse, chunk: string) => {
      if (res.writableLength > MAX_BUFFERED) {
        res.destroy();
        remove(res);
        return;
      }
      res.write(chunk);
    };

    /** Ends a stream from our side; `last` is written first (a reason, a retry hint). */
    const close = (res: ServerResponse, last: string) => {
      remove(res);
      res.end(last, () => res.socket?.end());
    };

    const unsubscribe = deps.bus.subscribe(({ event, data }) => {
      const chunk = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
      const staffOnly = isStaffOnlyEvent(event, data);
      for (const [res, stream] of clients) if (!staffOnly || isStaff(stream.role)) send(res, chunk);
    });
    // Events may have been missed while this instance was not listening: `connected` again
    // makes every client refetch what it shows (client/src/lib/events.ts, onCatchUp).
    const stopCatchUp = deps.bus.onCatchUp(() => {
      for (const [res, { userId }] of clients) send(res, connected(userId));
    });
    const heartbeat = setInterval(() => {
      for (const res of clients.keys()) send(res, `: ping\n\n`);
    }, HEARTBEAT_MS);
    heartbeat.unref();

    /** Checks the sessions of the streams open for `userId` (all streams when null) and closes the revoked ones. */
    const recheck = async (userId: string | null) => {
      const open = userId === null ? [...clients] : [...(byMember.get(userId) ?? [])].map((res) => [res, clients.get(res)!] as const);
      if (!open.length) return;
      const ids = [...new Set(open.map(([, s]) => s.sessionId))];
      const live = await deps.db
        .select({ sessionId: sessions.id, role: users.role })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(inArray(sessions.id, ids), isNull(sessions.revokedAt), gt(sessions.expiresAt, deps.now())));
      const roles = new Map(live.map((r) => [r.sessionId, r.role as Role]));
      for (const [res, stream] of open) {
        if (!clients.has(res)) continue;
        const role = roles.get(stream.sessionId);
        if (role) stream.role = role;
        else close(res, `event: signed-out\ndata: {}\n\n`);
      }
    };
    const unwatch = app.sessionCache.watch((userId) => {
      recheck(userId).catch((err: unknown) => app.log.error({ err }, "could not check the event streams' sessions"));
    });

    // preClose, not onClose: the server waits for open connections before its onClose hooks
    // run, so streams left open would hold the shutdown until it is forced.
    app.addHook("preClose", async () => {
      clearInterval(heartbeat);
      unsubscribe();
      stopCatchUp();
      unwatch();
      // Tell clients to come back soon (to another instance, or to this one restarted), then
      // close the connection once that is written: a kept-alive socket would hold the shutdown.
      for (const res of [...clients.keys()]) close(res, `retry: 2000\n\n`);
    });

    /** Makes room for one more stream of this session and member: the oldest beyond the caps close. */
    const makeRoom = (stream: Stream) => {
      const oldest = (set: Set<ServerResponse> | undefined, max: number) => (set && set.size >= max ? set.values().next().value : undefined);
      let res: ServerResponse | undefined;
      while ((res = oldest(bySession.get(stream.sessionId), MAX_STREAMS_PER_SESSION) ?? oldest(byMember.get(stream.userId), MAX_STREAMS_PER_MEMBER))) {
        close(res, `event: replaced\ndata: {}\n\n`);
      }
    };

    app.get(API.events.stream.pattern, { config: { access: "member", cookieAuth: true } }, (req, reply) => {
      reply.hijack();
      const res = reply.raw;
      // hijack() bypasses Fastify's reply: carry over the headers set so far (security headers).
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-store, no-transform",
        connection: "keep-alive",
        "x-accel-buffering": "no",
      });
      const stream: Stream = { userId: req.user!.id, sessionId: req.sessionId!, role: req.user!.role };
      makeRoom(stream);
      res.write(`retry: 3000\n\n${connected(stream.userId)}`);
      add(res, stream);
      req.raw.on("close", () => remove(res));
    });
  };
