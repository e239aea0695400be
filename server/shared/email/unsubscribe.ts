/**
 * One-click unsubscribe from church news by email (issue 20, RFC 8058, decision 0118).
 *
 * The token is the member's id and an HMAC of it under the server's secrets key
 * (deps.secrets.mac, its own context): `<uuid>.<mac>`. Nobody without the key can make one for
 * another member, and checking one needs no database read, so a forged token and a real one
 * take the same path and get the same answer (no account lookup to time or probe). A token
 * never expires and is harmless to replay: all it can do is turn that one member's "Email
 * updates" off, which is what its owner asked for.
 *
 * Every non-transactional email (announcements: church news) carries the headers below; the
 * sender (server/jobs/email-delivery.ts) adds them from the outbox row's `headers`. Receipts,
 * password, sign-in and security emails carry none and always go.
 */
import { timingSafeEqual } from "node:crypto";
import type { SecretBox } from "../../security/secret-box";
import { API } from "../../../contract/api-paths";

const CONTEXT = "email-unsubscribe:v1";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function unsubscribeToken(secrets: SecretBox, userId: string): string {
  return `${userId}.${secrets.mac(userId, CONTEXT)}`;
}

/** The member the token was made for, or null for anything else (malformed, forged, another key's). */
export function verifyUnsubscribeToken(secrets: SecretBox, token: string): string | null {
  const dot = token.indexOf(".");
  const userId = token.slice(0, dot).toLowerCase();
  const mac = token.slice(dot + 1);
  if (dot < 0 || !UUID.test(userId)) return null;
  const expected = Buffer.from(secrets.mac(userId, CONTEXT));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}

/** The one-click URL: POST unsubscribes (RFC 8058); GET only shows the landing page with its button. */
export const unsubscribeUrl = (publicUrl: string, token: string) => `${publicUrl}${API.email.unsubscribe()}?token=${encodeURIComponent(token)}`;

/** The landing page a person sees (client route): it asks before it unsubscribes, as mail scanners follow links. */
export const UNSUBSCRIBE_PAGE = "/email/unsubscribe";

/** The headers of a news email to this member. */
export function unsubscribeHeaders(secrets: SecretBox, publicUrl: string, userId: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${unsubscribeUrl(publicUrl, unsubscribeToken(secrets, userId))}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}
