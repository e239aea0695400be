import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// The SIGKILL tests need a server that recovers from a crash (and several processes on one
// database), and the lost-connection test a connection to lose (PostgreSQL): they belong to
// the PostgreSQL pass only (docs/security.md).
const POSTGRES_ONLY = ["server/security/crash-safety.test.ts", "server/db/listen.test.ts", "server/jobs/email-sender-processes.test.ts", "server/jobs/announcements-crash.test.ts"];

export default defineConfig({
  resolve: { alias: { "@contract": r("./contract"), "@": r("./client/src") } },
  test: {
    exclude: ["**/node_modules/**", ...(process.env.TEST_DATABASE_URL ? [] : POSTGRES_ONLY)],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // A migrated template database per run, and every test app's log captured in one run
    // directory and scanned for secrets at the end.
    globalSetup: ["server/testing/global-setup.ts", "server/testing/capture-logs.ts"],
    projects: [
      {
        // Server and contract tests share each worker's loaded modules (isolate: false): loading
        // the server's module graph again for each of 130 files was half of the suite's time on
        // 2 cores (28 November, a quiet machine: 570 s → 334 s for the PGlite pass; decision 0150). Safe because these files
        // mock no module, stub no global and restore what they change (process.env in
        // config.test.ts); every test builds its own app and database. A test that needs
        // vi.mock belongs in the client project, or in a project of its own.
        extends: true,
        test: { name: "server", include: ["server/**/*.test.ts", "contract/**/*.test.ts"], isolate: false },
      },
      {
        // Client tests mock modules (vi.mock in lib/events.test.ts): each file loads its own.
        extends: true,
        test: { name: "client", include: ["client/**/*.test.{ts,tsx}"] },
      },
    ],
  },
});
