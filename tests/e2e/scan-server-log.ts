/**
 * Playwright global teardown: scans the browser-test server's log (every line it wrote during
 * the run, at trace level) for passwords, hashes, tokens and card numbers, and fails the run
 * naming the file and line (server/testing/scan-logs.ts).
 */
import { formatFindings, scanLogDir } from "../../server/testing/scan-logs";
import { TEST_LOG_DIR_ENV } from "../../server/testing/test-log";

export default function scanServerLog() {
  const dir = process.env[TEST_LOG_DIR_ENV];
  if (!dir) throw new Error(`${TEST_LOG_DIR_ENV} is not set: playwright.config.ts sets it`);
  const { files, findings } = scanLogDir(dir);
  if (!files.length) throw new Error(`No server log in ${dir}: the log scan would prove nothing`);
  if (findings.length) throw new Error(`Secrets in the browser-test server's log (${findings.length}):\n${formatFindings(findings)}`);
}
