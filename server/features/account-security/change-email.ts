import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { prepared } from "../../db/prepared";
import type { Deps } from "../../deps";
import { users, emailChanges, passwordResets } from "../../db/schema/users";
import { hashToken, newToken } from "../../http/tokens";
import { AppError, badRequest, conflict } from "../../http/app-error";
import { enqueueEmail } from "../../shared/email/outbox";
import { normalizeEmail } from "../../shared/public-user";
import { DEFAULT_LOCALE, isLocale } from "../../../contract/i18n/locales";
import { ACCOUNT_SECURITY_TEXT, EMAIL_CHANGE_TTL_HOURS, type ChangeEmailInput } from "../../../contract/account-security";
import { checkCurrentPassword } from "./current-password";
import { renderEmailChangeConfirm, renderEmailChangeRequested, renderEmailChangeTaken, renderEmailChanged } from "./emails";

/**
 * POST /api/me/email. After the current password, in one transaction: earlier pending changes
 * are retired, a new one is stored (the token's SHA-256 only; valid EMAIL_CHANGE_TTL_HOURS,
 * single-use), the NEW address gets the link and the OLD one a notice without it. The account
 * keeps its email until the link is opened.
 *
 * No account is revealed: when the new address already belongs to someone, the answer, the
 * pending state the member sees and the notice to the old address are the same; only the new
 * address gets a note instead of a link (and the stored change's token was never sent, so it
 * can never be confirmed).
 */
export async function requestEmailChange(deps: Deps, userId: string, input: ChangeEmailInput) {
  const newEmail = normalizeEmail(input.newEmail);
  const user = await checkCurrentPassword(deps, userId, input.currentPassword);
  if (newEmail === user.email) throw badRequest("body.newEmail", ACCOUNT_SECURITY_TEXT.sameEmail);
  const now = deps.now();
  const token = newToken();
  const locale = isLocale(user.locale) ? user.locale : DEFAULT_LOCALE;
  const base = { churchName: deps.church.name, accent: deps.church.accentColor, publicUrl: deps.config.publicUrl, locale };
  const link = `${deps.config.publicUrl}/auth/confirm-email?token=${encodeURIComponent(token)}`;
  await deps.db.transaction(async (tx) => {
    // One pending change at a time, even when two requests race.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, newEmail));
    await tx
      .update(emailChanges)
      .set({ usedAt: now })
      .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.usedAt)));
    await tx.insert(emailChanges).values({
      userId,
      newEmail,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TTL_HOURS * 3_600_000),
    });
    const toNew = taken
      ? { kind: "account" as const, to: newEmail, ...renderEmailChangeTaken(base) }
      : { kind: "account" as const, to: newEmail, sensitive: true, ...renderEmailChangeConfirm({ ...base, firstName: user.firstName, link }) };
    await enqueueEmail(tx, toNew, now);
    await enqueueEmail(tx, { kind: "account", to: user.email, ...renderEmailChangeRequested({ ...base, firstName: user.firstName, newEmail }) }, now);
  });
  return { pendingEmail: newEmail };
}

/**
 * The member's email and the pending address in one statement, built and planned once
 * (db/prepared.ts): Profile → Sign-in and security asks it each time it opens (issue 23; two
 * sequential round trips before).
 */
const statusOf = prepared("security.email-status", (db) =>
  db
    .select({
      email: users.email,
      pendingEmail: sql<string | null>`(
        select ${emailChanges.newEmail} from ${emailChanges}
        where ${emailChanges.userId} = ${sql.placeholder("userId")} and ${emailChanges.usedAt} is null and ${emailChanges.expiresAt} > ${sql.placeholder("now")}::timestamptz
        limit 1)`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder("userId"))),
);

/** The member's email and the address waiting to be confirmed, if any (not expired, not used). */
export async function emailStatus(deps: Deps, userId: string) {
  const [row] = await statusOf(deps.db, { userId, now: deps.now().toISOString() });
  return { email: row?.email ?? "", pendingEmail: row?.pendingEmail ?? null };
}

/**
 * POST /api/auth/confirm-email (public: the token is the credential, and the link may open in a
 * browser that is not signed in). Uses the token once, switches the email, retires every other
 * pending change and reset link of the account, and tells the old address; in one transaction.
 * 400 for an unknown, used or expired token; 409 when another account took the address
 * meanwhile (the token stays unused then: nothing changed). Returns the member's id.
 */
export async function confirmEmailChange(deps: Deps, token: string): Promise<string> {
  const now = deps.now();
  const invalid = () => new AppError("BAD_REQUEST", ACCOUNT_SECURITY_TEXT.emailConfirmInvalid, { issues: [{ path: "body.token", message: ACCOUNT_SECURITY_TEXT.emailConfirmInvalid }] });
  return deps.db.transaction(async (tx) => {
    const [change] = await tx
      .update(emailChanges)
      .set({ usedAt: now })
      .where(and(eq(emailChanges.tokenHash, hashToken(token)), isNull(emailChanges.usedAt), gt(emailChanges.expiresAt, now)))
      .returning({ userId: emailChanges.userId, newEmail: emailChanges.newEmail });
    if (!change) throw invalid();
    const [user] = await tx
      .select({ email: users.email, firstName: users.firstName, locale: users.locale })
      .from(users)
      .where(eq(users.id, change.userId))
      .for("update");
    if (!user) throw invalid();
    const [other] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, change.newEmail), ne(users.id, change.userId)));
    if (other) throw conflict(ACCOUNT_SECURITY_TEXT.emailTakenMeanwhile);
    const [updated] = await tx
      .update(users)
      .set({ email: change.newEmail })
      .where(eq(users.id, change.userId))
      .returning({ id: users.id })
      .catch((err: unknown) => {
        // Taken between the check and the update (the unique index decides).
        if ((err as { code?: string }).code === "23505") throw conflict(ACCOUNT_SECURITY_TEXT.emailTakenMeanwhile);
        throw err;
      });
    if (!updated) throw invalid();
    await tx
      .update(emailChanges)
      .set({ usedAt: now })
      .where(and(eq(emailChanges.userId, change.userId), isNull(emailChanges.usedAt)));
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, change.userId), isNull(passwordResets.usedAt)));
    const locale = isLocale(user.locale) ? user.locale : DEFAULT_LOCALE;
    const base = { churchName: deps.church.name, accent: deps.church.accentColor, publicUrl: deps.config.publicUrl, locale };
    await enqueueEmail(tx, { kind: "account", to: user.email, ...renderEmailChanged({ ...base, firstName: user.firstName, newEmail: change.newEmail }) }, now);
    return change.userId;
  });
}
