import { defineConfig } from "@playwright/test";
import path from "node:path";
import { TEST_LOG_DIR_ENV, newRunDir } from "./server/testing/test-log";

const PORT = Number(process.env.E2E_PORT ?? 5055);
// The server's log (trace level, production redaction) goes to one file the global teardown
// scans for secrets. Set once here; the workers, which load this file again, inherit it.
process.env[TEST_LOG_DIR_ENV] ??= newRunDir("e2e");
const SERVER_LOG = path.join(process.env[TEST_LOG_DIR_ENV], "e2e-server.log");

/** Browser tests: the built app on a fresh database, Debian's Chromium at phone size. */
export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "*.spec.ts",
  fullyParallel: true,
  workers: 2,
  // On CI a test that fails is run once more and, if it then passes, reported as "flaky" in the
  // output (and looked into), so one timing hiccup on a loaded 2-core machine does not block a
  // landing. A test that fails twice fails the run. Locally: no retries, flakes show at once.
  retries: process.env.CI ? 1 : 0,
  // Generous: several tests drive two or three pages at once on a 2-core CI machine.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  globalTeardown: "./tests/e2e/scan-server-log.ts",
  forbidOnly: !!process.env.CI,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 390, height: 844 },
    trace: "off",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  webServer: {
    command: `npx tsx tests/e2e/serve.ts >> '${SERVER_LOG}'`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000, // a loaded machine (shared CI, parallel runs) can take over a minute to start it
    stdout: "ignore",
    stderr: "pipe",
    env: { E2E_PORT: String(PORT) },
  },
});
