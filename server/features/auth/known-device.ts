import { createHash } from "node:crypto";
import type { FastifyReply } from "fastify";
import type { Deps } from "../../deps";
import type { SecretBox } from "../../security/secret-box";

/**
 * "Known device": a browser that signed in to an account before. It keeps its own sign-in
 * allowance for that account, so wrong passwords typed elsewhere for the member's email (an
 * attacker trying to lock them out) never slow the member down on their own phone (decision 0095).
 *
 * The cookie is HttpOnly and scoped to /api/auth; its value is sealed with the server's secrets
 * key (AES-GCM, so it can be neither read nor forged): a short tag of each account's email (up to
 * MAX_ACCOUNTS, for a family's shared tablet) and when that entry expires. It is not a
 * credential: it only chooses which allowance an attempt counts against.
 */
export const KNOWN_DEVICE_COOKIE = "koinonia_device";
export const KNOWN_DEVICE_PATH = "/api/auth";
export const KNOWN_DEVICE_DAYS = 180;
const MAX_ACCOUNTS = 5;
const CONTEXT = "known-device";

/** [email tag, expiry in epoch seconds] */
type Entry = [string, number];

const tagOf = (email: string) => createHash("sha256").update(`known-device:${email}`).digest("base64url").slice(0, 16);

export class KnownDevice {
  private constructor(
    private readonly entries: Entry[],
    private readonly now: Date,
  ) {}

  /** The cookie's entries still valid at `now`; a missing, foreign or tampered cookie is simply none. */
  static read(secrets: SecretBox, cookie: string | undefined, now: Date): KnownDevice {
    let entries: Entry[] = [];
    if (cookie) {
      try {
        const parsed: unknown = JSON.parse(secrets.open(cookie, CONTEXT));
        if (Array.isArray(parsed)) {
          entries = parsed.filter(
            (e): e is Entry => Array.isArray(e) && typeof e[0] === "string" && typeof e[1] === "number" && e[1] * 1000 > now.getTime(),
          );
        }
      } catch {
        entries = [];
      }
    }
    return new KnownDevice(entries, now);
  }

  /** Whether this browser signed in to `email` (normalized) before. */
  knows(email: string) {
    const tag = tagOf(email);
    return this.entries.some(([t]) => t === tag);
  }

  /** The cookie's new value after a successful sign-in to `email`: that entry renewed, first. */
  remember(secrets: SecretBox, email: string) {
    const tag = tagOf(email);
    const expires = Math.floor(this.now.getTime() / 1000) + KNOWN_DEVICE_DAYS * 86_400;
    const fresh: Entry = [tag, expires];
    const entries: Entry[] = [fresh, ...this.entries.filter(([t]) => t !== tag)].slice(0, MAX_ACCOUNTS);
    return { value: secrets.seal(JSON.stringify(entries), CONTEXT), expires: new Date(expires * 1000) };
  }
}

/** Sets the known-device cookie on a sign-in's answer: this browser keeps its own sign-in allowance. */
export function setKnownDeviceCookie(deps: Pick<Deps, "config">, reply: FastifyReply, device: { value: string; expires: Date }) {
  reply.setCookie(KNOWN_DEVICE_COOKIE, device.value, {
    httpOnly: true,
    sameSite: "strict",
    path: KNOWN_DEVICE_PATH,
    secure: deps.config.publicUrl.startsWith("https://"),
    expires: device.expires,
  });
}
