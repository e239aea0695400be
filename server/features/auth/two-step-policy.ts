import { eq, sql } from "drizzle-orm";
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

/** The second steps a member has set up: one statement (every sign-in asks it). */
export async function secondStepsOf(db: Db | Tx, userId: string) {
  const [row] = await db
    .select({
      totp: sql<number>`(select count(*) from ${totpSecrets} where ${totpSecrets.userId} = ${userId} and ${totpSecrets.confirmedAt} is not null)::int`,
      keys: sql<number>`(select count(*) from ${passkeys} where ${passkeys.userId} = ${userId})::int`,
      codes: sql<number>`(select count(*) from ${recoveryCodes} where ${recoveryCodes.userId} = ${userId} and ${recoveryCodes.usedAt} is null)::int`,
    })
    .from(sql`(select 1) as one`);
  const totp = { n: Number(row.totp) };
  const keys = { n: Number(row.keys) };
  const codes = { n: Number(row.codes) };
  const hasTotp = totp.n > 0;
  const methods: SecondStepMethod[] = [];
  if (hasTotp) methods.push("totp");
  if (hasTotp && codes.n > 0) methods.push("recovery");
  if (keys.n > 0) methods.push("passkey");
  return { totp: hasTotp, passkeys: keys.n, recoveryCodesLeft: hasTotp ? codes.n : 0, methods };
}
