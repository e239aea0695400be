import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  resolve: { alias: { "@contract": r("./contract"), "@": r("./client/src") } },
  test: {
    include: ["server/**/*.test.ts", "client/**/*.test.{ts,tsx}", "contract/**/*.test.ts"],
    // The SIGKILL tests need a server that recovers from a crash (and several processes on one
    // database), and the lost-connection test a connection to lose (PostgreSQL): they belong to
    // the PostgreSQL pass only (docs/security.md).
    exclude: ["**/node_modules/**", ...(process.env.TEST_DATABASE_URL ? [] : ["server/security/crash-safety.test.ts", "server/db/listen.test.ts", "server/jobs/email-sender-processes.test.ts", "server/jobs/announcements-crash.test.ts"])],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // A migrated template database per run, and every test app's log captured in one run
    // directory and scanned for secrets at the end.
    globalSetup: ["server/testing/global-setup.ts", "server/testing/capture-logs.ts"],
  },
});
