import { eq } from "drizzle-orm";
import type { Deps } from "../../deps";
import { AUTH_TEXT, type LoginInput } from "../../../contract/auth";
import { memberPhotos, users } from "../../db/schema/users";
import { verifyPassword } from "../../security/passwords";
import { AppError } from "../../http/app-error";
import { clearDelay, hitDelay, hitRateLimit } from "../../http/rate-limit";
import { createSession } from "./create-session";
import { normalizeEmail } from "../../shared/public-user";
import { KnownDevice } from "./known-device";
import { afterPassword } from "./second-step";

/**
 * Wrong email and wrong password get the same 401 and take the same time (no account
 * enumeration). Attempts are limited before any hashing is done: per address (a sliding
 * window), and per email in two separate allowances (decision 0095). A browser that signed in
 * to the account before (its known-device cookie) has a window of its own; every other device
 * shares one that slows down progressively (429 with Retry-After) after a few attempts, so
 * wrong passwords typed elsewhere never lock the member out of their own phone.
 * A correct password that needs a second step gets a pending ticket instead of a session
 * (second-step.ts).
 */
export async function signIn(deps: Deps, input: LoginInput, ip: string, knownDeviceCookie?: string, userAgent?: string) {
  const email = normalizeEmail(input.email);
  const now = deps.now();
  const { perIp, perEmail, windowSeconds, delaySeconds } = deps.config.authRateLimit;
  await hitRateLimit(deps.db, `login:ip:${ip}`, perIp, windowSeconds, now);
  const device = KnownDevice.read(deps.secrets, knownDeviceCookie, now);
  const known = device.knows(email);
  const delayKey = `login:email:${email}`;
  if (known) {
    await hitRateLimit(deps.db, `login:known:${email}`, perEmail, windowSeconds, now);
  } else {
    const wait = await hitDelay(
      deps.db,
      delayKey,
      { free: perEmail, firstDelaySeconds: delaySeconds, maxDelaySeconds: windowSeconds, forgetSeconds: 86_400 },
      now,
    );
    if (wait !== null) throw new AppError("RATE_LIMITED", AUTH_TEXT.tooManyAttempts, { retryAfterSeconds: wait });
  }
  const [found] = await deps.db
    .select({ row: users, photoVersion: memberPhotos.version })
    .from(users)
    .leftJoin(memberPhotos, eq(memberPhotos.userId, users.id))
    .where(eq(users.email, email))
    .limit(1);
  const row = found?.row;
  const ok = await verifyPassword(row?.passwordHash ?? null, input.password);
  if (!row || !ok) throw new AppError("UNAUTHORIZED", AUTH_TEXT.badCredentials);
  // The right password from a new device ends the slow-down its mistakes started.
  if (!known) await clearDelay(deps.db, delayKey);
  const { passwordHash: _omit, ...rest } = row;
  const user = { ...rest, photoVersion: found.photoVersion };
  const next = await afterPassword(deps, user);
  if ("ticket" in next) return next;
  const session = await createSession(deps.db, row.id, deps.config.sessionTtlDays, now, userAgent);
  return { ...session, user, twoStepSetup: next.twoStepSetup, knownDevice: device.remember(deps.secrets, email) };
}
