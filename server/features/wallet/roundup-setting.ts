/**
 * The member's round-up setting: off when never set; saving is an upsert, so it is always one
 * row. Switching on sets roundsUpFrom, the moment from which bank purchases are rounded up:
 * the first time ever a week back (ROUNDUP_LOOKBACK_DAYS, so the wallet shows something at
 * once), after a pause from that moment (purchases made while off are never rounded up).
 */
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { prepared } from "../../db/prepared";
import type { Deps } from "../../deps";
import { bankAccounts, roundUpSettings } from "../../db/schema/wallet";
import { ROUNDUP_LOOKBACK_DAYS, type RoundUpSetting } from "../../../contract/wallet";

/**
 * A bank whose round-ups are synced and collected (bank_accounts joined with the member's
 * round_up_settings): round-ups on, the bank still linked with its access token, and of the
 * bank provider this server speaks to.
 */
export const roundsUpNow = (bankKind: Deps["bank"]["kind"]) =>
  and(eq(roundUpSettings.isEnabled, true), isNull(bankAccounts.unlinkedAt), isNotNull(bankAccounts.accessTokenSealed), eq(bankAccounts.provider, bankKind));

/** Built and planned once (db/prepared.ts; issue 23). */
const settingOf = prepared("wallet.roundup-setting", (db) =>
  db.select({ isEnabled: roundUpSettings.isEnabled }).from(roundUpSettings).where(eq(roundUpSettings.userId, sql.placeholder("userId"))),
);

export async function getRoundUpSetting(db: Db, userId: string): Promise<RoundUpSetting> {
  const [row] = await settingOf(db, { userId });
  return { isEnabled: row?.isEnabled ?? false };
}

export async function setRoundUpSetting(db: Db, userId: string, isEnabled: boolean, now: Date): Promise<RoundUpSetting> {
  const firstFrom = new Date(now.getTime() - ROUNDUP_LOOKBACK_DAYS * 86_400_000);
  const from = roundUpSettings.roundsUpFrom;
  await db
    .insert(roundUpSettings)
    .values({ userId, isEnabled, updatedAt: now, roundsUpFrom: isEnabled ? firstFrom : null })
    .onConflictDoUpdate({
      target: roundUpSettings.userId,
      set: {
        isEnabled,
        updatedAt: now,
        roundsUpFrom: isEnabled
          ? sql`case when ${roundUpSettings.isEnabled} then ${from} when ${from} is null then ${firstFrom.toISOString()}::timestamptz else ${now.toISOString()}::timestamptz end`
          : from,
      },
    });
  return { isEnabled };
}
