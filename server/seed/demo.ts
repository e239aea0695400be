import { inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { users } from "../db/schema/users";
import { hashPassword } from "../security/passwords";
import type { Role } from "../../contract/roles";
import { seedConnectDemo } from "./connect";
import { seedPrayerMedia } from "./prayer-media";
import { seedServicesDemo } from "./services";
import { seedCalendarDemo } from "./calendar";
import { seedWalletDemo } from "./wallet";
import { seedAnnouncementsDemo } from "./announcements";
import { seedGivingDemo } from "./giving";
import { seedDirectoryDemo } from "./directory";
import type { SecretBox } from "../security/secret-box";

export const DEMO_PASSWORD = "koinonia-demo";

/** Demo phones use the 555-01xx numbers kept for fiction (E.164, as Profile → Edit stores them). */
export const DEMO_ACCOUNTS: { email: string; firstName: string; lastName: string; role: Role; phone?: string }[] = [
  { email: "owner@koinonia.test", firstName: "Grace", lastName: "Owens", role: "OWNER" },
  { email: "pastor@koinonia.test", firstName: "David", lastName: "Pastorini", role: "PASTOR", phone: "+14075550117" },
  { email: "staff@koinonia.test", firstName: "Sofia", lastName: "Stafford", role: "STAFF" },
  { email: "member@koinonia.test", firstName: "Maria", lastName: "Lopez", role: "MEMBER", phone: "+14075550142" },
  { email: "member2@koinonia.test", firstName: "James", lastName: "Carter", role: "MEMBER" },
];

/**
 * Demo accounts and content, so every screen can be tried at once (SEED_DEMO=false turns it off).
 * Idempotent: existing rows are left as they are.
 */
export async function seedDemo(db: Db, wallet?: { secrets: SecretBox; now: Date; churchName: string }) {
  const existing = await db
    .select({ email: users.email })
    .from(users)
    .where(inArray(users.email, DEMO_ACCOUNTS.map((a) => a.email)));
  const have = new Set(existing.map((r) => r.email));
  const missing = DEMO_ACCOUNTS.filter((a) => !have.has(a.email));
  if (missing.length) {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    await db
      .insert(users)
      .values(missing.map((a) => ({ ...a, passwordHash })))
      .onConflictDoNothing();
  }
  await seedPrayerMedia(db);
  await seedConnectDemo(db);
  await seedServicesDemo(db);
  await seedCalendarDemo(db);
  await seedAnnouncementsDemo(db);
  await seedGivingDemo(db);
  await seedDirectoryDemo(db);
  // The demo wallet seals a bank token, so it needs the secrets key (main.ts passes it).
  if (wallet) await seedWalletDemo(db, wallet);
}
