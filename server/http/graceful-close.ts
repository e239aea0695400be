/**
 * Closing without cutting anyone off (SIGTERM in main.ts, README Deploying). app.close() stops
 * accepting at once and waits for the connections it has; this keeps that wait short:
 * every answer sent once closing has begun says `Connection: close`, so a keep-alive socket
 * is closed as soon as its in-flight request is answered instead of idling until the
 * keep-alive timeout. (Streams are ended by their own preClose hook, events/routes.ts.)
 */
import type { FastifyInstance } from "fastify";

export function installGracefulClose(app: FastifyInstance) {
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onSend", (_req, reply, payload, done) => {
    if (closing) reply.header("connection", "close");
    done(null, payload);
  });
}
