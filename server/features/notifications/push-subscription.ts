/**
 * Reads and checks the token a browser registers: its serialized PushSubscription
 * (`JSON.stringify(subscription)`: endpoint, expirationTime, keys.p256dh, keys.auth).
 *
 * The server will POST to the endpoint, so it is held to what push services look like: https,
 * a public host name, the default port, no credentials. That is the first check only: the name
 * is then resolved, and every address must be public (providers/push/endpoint-guard.ts), when
 * the endpoint is registered and again at each send. That keeps a member from pointing our
 * server at addresses inside the network (blind request forgery). Plain http on localhost is
 * allowed in tests only (NODE_ENV=test), for the local stand-in push service.
 */
import { createPublicKey } from "node:crypto";
import { badRequest } from "../../http/app-error";
import { NOTIFICATIONS_TEXT } from "../../../contract/notifications";
import type { PushTarget } from "../../providers/push/port";

const B64URL = /^[A-Za-z0-9_-]+={0,2}$/;
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);
export const MAX_ENDPOINT_LENGTH = 2048;

function decode(value: unknown): Buffer | null {
  if (typeof value !== "string" || !B64URL.test(value)) return null;
  return Buffer.from(value.replace(/=+$/, ""), "base64url");
}

function isPublicHostName(host: string) {
  if (host.startsWith("[") || /^[\d.]+$/.test(host)) return false; // IP literals
  if (!host.includes(".")) return false; // intranet names
  return !/\.(local|localhost|internal|lan|home|corp|intranet)$/i.test(host);
}

export function checkEndpoint(raw: unknown, allowLocalhost: boolean): string {
  if (typeof raw !== "string" || raw.length > MAX_ENDPOINT_LENGTH) throw badRequest("token", NOTIFICATIONS_TEXT.badEndpoint);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest("token", NOTIFICATIONS_TEXT.badEndpoint);
  }
  const local = allowLocalhost && LOCAL_HOSTS.has(url.hostname);
  const ok =
    !url.username &&
    !url.password &&
    !url.hash &&
    (local ? url.protocol === "https:" || url.protocol === "http:" : url.protocol === "https:" && url.port === "" && isPublicHostName(url.hostname));
  if (!ok) throw badRequest("token", NOTIFICATIONS_TEXT.badEndpoint);
  return url.toString();
}

/** The subscription in `token`, or a 400 naming what is wrong with it. */
export function parsePushSubscription(token: string, allowLocalhost: boolean): PushTarget {
  let parsed: unknown;
  try {
    parsed = JSON.parse(token);
  } catch {
    throw badRequest("token", NOTIFICATIONS_TEXT.badSubscription);
  }
  if (!parsed || typeof parsed !== "object") throw badRequest("token", NOTIFICATIONS_TEXT.badSubscription);
  const sub = parsed as { endpoint?: unknown; keys?: { p256dh?: unknown; auth?: unknown } };
  const endpoint = checkEndpoint(sub.endpoint, allowLocalhost);

  const p256dh = decode(sub.keys?.p256dh);
  if (!p256dh || p256dh.length !== 65 || p256dh[0] !== 0x04 || !isP256Point(p256dh)) throw badRequest("token", NOTIFICATIONS_TEXT.badP256dh);
  const auth = decode(sub.keys?.auth);
  if (!auth || auth.length !== 16) throw badRequest("token", NOTIFICATIONS_TEXT.badAuth);
  return { endpoint, p256dh: p256dh.toString("base64url"), auth: auth.toString("base64url") };
}

/** Whether 65 uncompressed bytes are a point on P-256 (else no message could ever be encrypted to it). */
function isP256Point(raw: Buffer) {
  try {
    createPublicKey({ key: { kty: "EC", crv: "P-256", x: raw.subarray(1, 33).toString("base64url"), y: raw.subarray(33).toString("base64url") }, format: "jwk" });
    return true;
  } catch {
    return false;
  }
}

/**
 * The endpoint a DELETE names: the URL-decoded token is the serialized subscription (spec), or,
 * leniently, the bare endpoint.
 */
export function endpointOfToken(token: string): string | null {
  try {
    const parsed = JSON.parse(token) as { endpoint?: unknown };
    return typeof parsed?.endpoint === "string" ? parsed.endpoint : null;
  } catch {
    return token.startsWith("http") ? token : null;
  }
}
