import { eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { prepared } from "../../db/prepared";
import { passkeys, recoveryCodes, signInPolicy, totpSecrets } from "../../db/schema/two-step";
import { users } from "../../db/schema/users";
import { isStaff, type Role } from "../../../contract/roles";
import type { SecondStepMethod, TwoStepStatus } from "../../../contract/two-step";

/**
 * Whom the owner's "require two-step sign-in for staff" applies to: OWNER, PASTOR and STAFF,
 * and anyone holding the finance permission (a treasurer who is a MEMBER sees every donor's
 * giving, so they are held to the staff's rule: decision 0113).
 */
export function requiresTwoStep(user: { role: Role; finance?: boolean }): boolean {
  return isStaff(user.role) || user.finance === true;
}

/** The owner's switch, built and planned once (db/prepared.ts): read at every staff sign-in and by Profile. */
const policy = prepared("auth.staff-two-step", (db) => db.select({ on: signInPolicy.staffTwoStep }).from(signInPolicy).where(eq(signInPolicy.id, 1)));

/** Whether the owner turned the requirement on (off until they do). */
export async function staffTwoStepRequired(db: Db): Promise<boolean> {
  const [row] = await policy(db);
  return row?.on ?? false;
}

/** Whether the church requires a second step of this user at sign-in. */
export async function twoStepRequiredFor(db: Db, user: { role: Role; finance?: boolean }): Promise<boolean> {
  return requiresTwoStep(user) && (await staffTwoStepRequired(db));
}

interface StepCounts {
  totp: number | string;
  keys: number | string;
  codes: number | string;
}

/** The three counts of a member's second steps, as subqueries on `userId` (a column or a value). */
const countsOf = (userId: SQL | SQLWrapper | string) => ({
  totp: sql<number>`(select count(*)::int from ${totpSecrets} where ${totpSecrets.userId} = ${userId} and ${totpSecrets.confirmedAt} is not null)`,
  keys: sql<number>`(select count(*)::int from ${passkeys} where ${passkeys.userId} = ${userId})`,
  codes: sql<number>`(select count(*)::int from ${recoveryCodes} where ${recoveryCodes.userId} = ${userId} and ${recoveryCodes.usedAt} is null)`,
});

function stepsFrom(row: StepCounts) {
  const keys = Number(row.keys);
  const codes = Number(row.codes);
  const hasTotp = Number(row.totp) > 0;
  const methods: SecondStepMethod[] = [];
  if (hasTotp) methods.push("totp");
  if (hasTotp && codes > 0) methods.push("recovery");
  if (keys > 0) methods.push("passkey");
  return { totp: hasTotp, passkeys: keys, recoveryCodesLeft: hasTotp ? codes : 0, methods };
}

/**
 * The second steps a member has set up: three counts in one statement (three round trips before;
 * asked at every sign-in and by Profile → Sign-in and security, issue 23).
 */
export async function secondStepsOf(db: Db | Tx, userId: string) {
  const counts = countsOf(userId);
  const result = (await db.execute(sql`select ${counts.totp} as "totp", ${counts.keys} as "keys", ${counts.codes} as "codes"`)) as unknown as {
    rows: StepCounts[];
  };
  return stepsFrom(result.rows[0]);
}

/**
 * GET /api/auth/two-step in one statement, built and planned once (db/prepared.ts; issue 23): the
 * member's three counts and the owner's switch (two round trips for staff before).
 */
const statusOf = prepared("auth.two-step-status", (db) =>
  db
    .select({ ...countsOf(sql.placeholder("userId")), required: sql<boolean | null>`(select ${signInPolicy.staffTwoStep} from ${signInPolicy} where ${signInPolicy.id} = 1)` })
    .from(users)
    .where(eq(users.id, sql.placeholder("userId"))),
);

/** Profile's two-step card: what the member has set up, and whether the church requires a second step of them. */
export async function twoStepStatus(db: Db, user: { id: string; role: Role; finance?: boolean }): Promise<TwoStepStatus> {
  const [row] = await statusOf(db, { userId: user.id });
  const steps = stepsFrom(row ?? { totp: 0, keys: 0, codes: 0 });
  return { totp: steps.totp, recoveryCodesLeft: steps.recoveryCodesLeft, passkeys: steps.passkeys, required: requiresTwoStep(user) && row?.required === true };
}
