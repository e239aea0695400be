/**
 * Demo giving settings (issue 19): two funds beside the migration's 'General Fund' and a
 * typical card processing fee (2.9% + 30¢), so the give form shows the fund choice and "Cover
 * the processing fee". Idempotent: a fund of the same name, or a fee already set, is left as is.
 * Without SEED_DEMO there is only the General Fund and no fee (the choice is not offered).
 */
import type { Db } from "../db/client";
import { funds, givingSettings } from "../db/schema/giving";

export const DEMO_FUNDS = [
  { nameEn: "Missions", nameEs: "Misiones", description: "Our missionaries and partner churches abroad." },
  { nameEn: "Building Fund", nameEs: "Fondo de construcción", description: "The new fellowship hall." },
];

export async function seedGivingDemo(db: Db) {
  await db.insert(funds).values(DEMO_FUNDS).onConflictDoNothing();
  await db.insert(givingSettings).values({ id: 1, feePercentBps: 290, feeFixedCents: 30 }).onConflictDoNothing();
}
