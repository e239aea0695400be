import type { FastifyReply } from "fastify";
import type { Deps } from "../../deps";
import { EVENTS_COOKIE } from "../../http/auth";
import { API } from "../../../contract/api-paths";

/** The event stream cannot send headers: every answer that starts a session also sets an HttpOnly cookie scoped to /api/events. */
export const setEventsCookie = (deps: Deps, reply: FastifyReply, token: string, expiresAt: Date) =>
  reply.setCookie(EVENTS_COOKIE, token, {
    httpOnly: true,
    sameSite: "strict",
    path: API.events.stream(),
    secure: deps.config.publicUrl.startsWith("https://"),
    expires: expiresAt,
  });
