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

/**
 * The second steps a member has set up: three counts in one statement (three round trips before;
 * asked at every sign-in and by Profile → Sign-in and security, issue 23).
 */
export async function secondStepsOf(db: Db | Tx, userId: string) {
  const result = (await db.execute(sql`
    select
      (select count(*)::int from ${totpSecrets} where ${totpSecrets.userId} = ${userId} and ${totpSecrets.confirmedAt} is not null) as "totp",
      (select count(*)::int from ${passkeys} where ${passkeys.userId} = ${userId}) as "keys",
      (select count(*)::int from ${recoveryCodes} where ${recoveryCodes.userId} = ${userId} and ${recoveryCodes.usedAt} is null) as "codes"`)) as unknown as {
    rows: { totp: number; keys: number; codes: number }[];
  };
  const [row] = result.rows;
  const keys = Number(row.keys);
  const codes = Number(row.codes);
  const hasTotp = Number(row.totp) > 0;
  const methods: SecondStepMethod[] = [];
  if (hasTotp) methods.push("totp");
  if (hasTotp && codes > 0) methods.push("recovery");
  if (keys > 0) methods.push("passkey");
  return { totp: hasTotp, passkeys: keys, recoveryCodesLeft: hasTotp ? codes : 0, methods };
}
