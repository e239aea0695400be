/**
 * Where the test suites' servers log: every app built by the harness writes, at trace level
 * and through the production logger (redaction included), to one file per test file in the
 * run directory named by KOINONIA_TEST_LOG_DIR (set by server/testing/capture-logs.ts and
 * playwright.config.ts). The log scan reads them all after the suite.
 */
import fs from "node:fs";
import path from "node:path";
import type { FastifyServerOptions } from "fastify";
import { loggerOptions } from "../http/logging";

export const TEST_LOG_DIR_ENV = "KOINONIA_TEST_LOG_DIR";
export const TEST_LOGS_ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../../test-logs");

/** A fresh run directory under test-logs/; runs older than a day are removed. */
export function newRunDir(kind: string) {
  fs.mkdirSync(TEST_LOGS_ROOT, { recursive: true });
  for (const old of fs.readdirSync(TEST_LOGS_ROOT)) {
    const p = path.join(TEST_LOGS_ROOT, old);
    if (Date.now() - fs.statSync(p).mtimeMs > 86_400_000) fs.rmSync(p, { recursive: true, force: true });
  }
  const dir = path.join(TEST_LOGS_ROOT, `${kind}-${new Date().toISOString().replace(/[:.]/g, "-")}-${process.pid}`);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

const fds = new Map<string, number>();

/** The log file of the running test file: its path relative to the project, slashes made "__". */
function logFileFor(dir: string, testPath: string | undefined) {
  const name = testPath ? path.relative(path.resolve(TEST_LOGS_ROOT, ".."), testPath).replace(/[\\/]/g, "__") : `worker-${process.pid}`;
  return path.join(dir, `${name}.log`);
}

/**
 * The harness's logger: the production options writing synchronously to the test file's log
 * (a synchronous append of a few hundred bytes costs microseconds, and no line is lost when
 * the worker exits). Without a run directory (a script, a benchmark) apps do not log.
 */
export function testLogger(testPath: string | undefined): FastifyServerOptions["logger"] {
  const dir = process.env[TEST_LOG_DIR_ENV];
  if (!dir) return false;
  const file = logFileFor(dir, testPath);
  let fd = fds.get(file);
  if (fd === undefined) {
    fs.mkdirSync(dir, { recursive: true });
    fd = fs.openSync(file, "a");
    fds.set(file, fd);
  }
  const out = fd;
  return loggerOptions("trace", { write: (line: string) => void fs.writeSync(out, line) });
}
