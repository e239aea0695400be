/**
 * GET /api/events: the server-sent event stream. Authenticated by the bearer header or by the
 * HttpOnly cookie set at sign-in (EventSource cannot send headers), never a token in the URL.
 * It sends `connected` first, then every bus event, a heartbeat comment every 25 s so proxies
 * keep it open, and a retry hint. A client that cannot keep up (more than 256 KB unsent) is
 * dropped rather than buffered without bound; it reconnects and refetches.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ServerResponse } from "node:http";
import type { Deps } from "../deps";
import type { EventBus } from "./bus";

export const HEARTBEAT_MS = 25_000;
const MAX_BUFFERED = 256 * 1024;

export const eventRoutes =
  (deps: Deps & { bus: EventBus }): FastifyPluginAsyncZod =>
  async (app) => {
    /** Open streams, each with its member's id (the `connected` event names them). */
    const clients = new Map<ServerResponse, string>();
    const connected = (userId: string) => `event: connected\ndata: ${JSON.stringify({ userId })}\n\n`;

    const send = (res: ServerResponse, chunk: string) => {
      if (res.writableLength > MAX_BUFFERED) {
        res.destroy();
        clients.delete(res);
        return;
      }
      res.write(chunk);
    };

    const unsubscribe = deps.bus.subscribe(({ event, data }) => {
      const chunk = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
      for (const res of clients.keys()) send(res, chunk);
    });
    // Events may have been missed while this instance was not listening: `connected` again
    // makes every client refetch what it shows (client/src/lib/events.ts, onCatchUp).
    const stopCatchUp = deps.bus.onCatchUp(() => {
      for (const [res, userId] of clients) send(res, connected(userId));
    });
    const heartbeat = setInterval(() => {
      for (const res of clients.keys()) send(res, `: ping\n\n`);
    }, HEARTBEAT_MS);
    heartbeat.unref();

    // preClose, not onClose: the server waits for open connections before its onClose hooks
    // run, so streams left open would hold the shutdown until it is forced.
    app.addHook("preClose", async () => {
      clearInterval(heartbeat);
      unsubscribe();
      stopCatchUp();
      // Tell clients to come back soon (to another instance, or to this one restarted), then
      // close the connection once that is written: a kept-alive socket would hold the shutdown.
      for (const res of clients.keys()) res.end(`retry: 2000\n\n`, () => res.socket?.end());
      clients.clear();
    });

    app.get("/api/events", { config: { access: "member", cookieAuth: true } }, (req, reply) => {
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
      const userId = req.user!.id;
      res.write(`retry: 3000\n\n${connected(userId)}`);
      clients.set(res, userId);
      req.raw.on("close", () => clients.delete(res));
    });
  };
