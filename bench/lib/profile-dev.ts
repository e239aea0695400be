// Development helper (not a scenario): seed, start the server, load URLs (PROFILE_PGLITE=1 for the embedded database).
import { createPgDatabase, load, startAppServer, tmpDir } from "./harness";
import { seedCongregation } from "./seed";
import { randomBytes } from "node:crypto";
const urls = (process.argv[2] ?? "/api/church/me").split(",");
const pglite = !!process.env.PROFILE_PGLITE;
const db = pglite ? null : await createPgDatabase();
const dataDir = pglite ? tmpDir("koinonia-prof-") : undefined;
try {
  let t = Date.now();
  const c = await seedCongregation({ databaseUrl: db?.url, dataDir }, Number(process.env.MEMBERS ?? 1000));
  console.log("seeded", Date.now() - t, c.summary);
  t = Date.now();
  const s = await startAppServer(5390, { DATABASE_URL: db?.url ?? "", DATA_DIR: dataDir ?? "", CLIENT_DIR: "dist/client", SECRETS_KEY: randomBytes(32).toString("base64") });
  console.log("started", Date.now() - t);
  const tokens = c.members.map((m) => m.token);
  for (const u of urls) {
    t = Date.now();
    const one = await fetch(s.base + u, { headers: { authorization: `Bearer ${tokens[0]}` } });
    console.log(u, one.status, Date.now() - t, "ms single");
    const r = await load(s.base + u, { connections: Number(process.env.CONN ?? 100), seconds: 5, tokens });
    console.log(u, r);
  }
  await s.stop();
} finally {
  await db?.drop();
}
