/**
 * Vitest global setup: one run directory for the logs of every app the suite builds (the
 * harness writes one file per test file there, at trace level, through the production
 * logger), and, after the last test file, the scan of every captured line: a password, hash,
 * token or card number in any of them fails the run, naming the file and line.
 */
import fs from "node:fs";
import path from "node:path";
import { formatFindings, scanLogDir } from "./scan-logs";
import { TEST_LOG_DIR_ENV, newRunDir } from "./test-log";

let runDir: string;

export function setup() {
  runDir = newRunDir("vitest");
  process.env[TEST_LOG_DIR_ENV] = runDir;
}

export function teardown() {
  const { files, findings } = scanLogDir(runDir);
  const lines = files.reduce((n, f) => n + fs.readFileSync(f, "utf8").split("\n").length - 1, 0);
  if (findings.length) {
    // Vitest reports an error thrown here but still exits 0; the exit code is what CI sees.
    process.exitCode = 1;
    throw new Error(`Secrets in the captured logs (${findings.length}):\n${formatFindings(findings)}`);
  }
  if (files.length) process.stdout.write(`\nLog scan: ${lines} lines in ${files.length} files under ${path.relative(process.cwd(), runDir)}, no secret found.\n`);
}
