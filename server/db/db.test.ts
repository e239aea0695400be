import { describe, expect, it } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { openPglite } from "./client";
import { users } from "./schema/users";
import { acquireDataDirLock, lockHolder, releaseDataDirLock } from "./data-dir-lock";
import { seedDemo, DEMO_ACCOUNTS } from "../seed/demo";
import { openTestDatabase } from "../testing/harness";
import { readChurchConfig, seedChurch } from "../shared/church-profile";

describe("embedded PGlite under DATA_DIR", () => {
  it("keeps data written before a restart", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "koinonia-db-"));
    const first = await openPglite(dir);
    await first.migrate();
    await first.db.insert(users).values({ email: "kept@example.org", passwordHash: "x", firstName: "Kept", lastName: "Row" });
    await first.close();

    const second = await openPglite(dir);
    await second.migrate(); // migrations are idempotent across restarts
    const rows = await second.db.select().from(users).where(eq(users.email, "kept@example.org"));
    expect(rows).toHaveLength(1);
    expect(rows[0].firstName).toBe("Kept");
    await second.close();
  });

  it("locks the data directory while a server holds it, and ignores a stale lock", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "koinonia-lock-"));
    expect(lockHolder(dir)).toBeNull();
    // A lock left by a live process other than us (our parent) is held.
    fs.writeFileSync(path.join(dir, "server.lock"), JSON.stringify({ pid: process.ppid, port: 5000 }));
    expect(lockHolder(dir)).toEqual({ pid: process.ppid, port: 5000 });
    expect(() => acquireDataDirLock(dir, 5001)).toThrow(/Another Koinonia server/);
    // A lock whose process is gone is stale.
    fs.writeFileSync(path.join(dir, "server.lock"), JSON.stringify({ pid: 2 ** 22 + 7, port: 5000 }));
    expect(lockHolder(dir)).toBeNull();
    acquireDataDirLock(dir, 5001);
    expect(JSON.parse(fs.readFileSync(path.join(dir, "server.lock"), "utf8")).pid).toBe(process.pid);
    releaseDataDirLock(dir);
    expect(fs.existsSync(path.join(dir, "server.lock"))).toBe(false);
  });
});

describe("demo seed", () => {
  it("creates the five demo accounts once, with their roles, and is idempotent", async () => {
    const { database, dispose } = await openTestDatabase();
    // As at start (server/main.ts): the church first, then the demo data in its time zone.
    await seedChurch(database.db, readChurchConfig("config/church.json"));
    await seedDemo(database.db);
    await seedDemo(database.db);
    const rows = await database.db.select({ email: users.email, role: users.role }).from(users);
    expect(rows.sort((a, b) => a.email.localeCompare(b.email))).toEqual(
      DEMO_ACCOUNTS.map((a) => ({ email: a.email, role: a.role })).sort((a, b) => a.email.localeCompare(b.email)),
    );
    await dispose();
  });
});
