import { and, count, eq, isNotNull, isNull } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { passkeys, recoveryCodes, signInPolicy, totpSecrets } from "../../db/schema/two-step";
import { isStaff, type Role } from "../../../contract/roles";
import type { SecondStepMethod } from "../../../contract/two-step";

/**
 * Whom the owner's "require two-step sign-in for staff" applies to: OWNER, PASTOR and STAFF,
 * and anyone holding the finance permission (a treasurer who is a MEMBER sees every donor's
 * giving, so they are held to the staff's rule: decision 0113).
 */
export function requiresTwoStep(user: { role: Role; finance?: boolean }): boolean {
  return isStaff(user.role) || user.finance === true;
}

/** Whether the owner turned the requirement on (off until they do). */
export async function staffTwoStepRequired(db: Db | Tx): Promise<boolean> {
  const [row] = await db.select({ on: signInPolicy.staffTwoStep }).from(signInPolicy).where(eq(signInPolicy.id, 1));
  return row?.on ?? false;
}

/** Whether the church requires a second step of this user at sign-in. */
export async function twoStepRequiredFor(db: Db | Tx, user: { role: Role; finance?: boolean }): Promise<boolean> {
  return requiresTwoStep(user) && (await staffTwoStepRequired(db));
}

/** The second steps a member has set up. */
export async function secondStepsOf(db: Db | Tx, userId: string) {
  const [[totp], [keys], [codes]] = await Promise.all([
    db
      .select({ n: count() })
      .from(totpSecrets)
      .where(and(eq(totpSecrets.userId, userId), isNotNull(totpSecrets.confirmedAt))),
    db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId)),
    db
      .select({ n: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt))),
  ]);
  const hasTotp = totp.n > 0;
  const methods: SecondStepMethod[] = [];
  if (hasTotp) methods.push("totp");
  if (hasTotp && codes.n > 0) methods.push("recovery");
  if (keys.n > 0) methods.push("passkey");
  return { totp: hasTotp, passkeys: keys.n, recoveryCodesLeft: hasTotp ? codes.n : 0, methods };
}
