/**
 * Starts the real server (server/main.ts) as a child process for tests of what only a process
 * shows: signals, exit codes, the listening socket. Port 0 (the address is read from the
 * "Server listening at" log line), a throw-away client build, and its log appended to the run's
 * log directory so the suite's log scan covers it too.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { TEST_LOG_DIR_ENV } from "./test-log";

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  port: number;
  output: () => string;
  /** Resolves when the process exits, with its code and the time (ms since epoch). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  /** SIGKILL if still running (for afterAll). */
  kill: () => Promise<void>;
}

/** A minimal built client, so main.ts (which serves the client) starts without `vite build`. */
export function fakeClientDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "koinonia-client-"));
  fs.writeFileSync(path.join(dir, "index.html"), "<!doctype html><title>Koinonia</title>");
  return dir;
}

/**
 * `args`: what node runs; the TypeScript sources through tsx by default, or a bundle built by
 * scripts/build-server.mjs (what `npm start` runs).
 */
export async function startServerProcess(env: Record<string, string>, logName: string, timeoutMs = 60_000, args = ["--import", "tsx", "server/main.ts"]): Promise<ServerProcess> {
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: "0",
      SEED_DEMO: "false",
      LOG_LEVEL: "trace",
      DATABASE_URL: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const logDir = process.env[TEST_LOG_DIR_ENV];
  const logFile = logDir ? path.join(logDir, `${logName}.log`) : null;
  const onData = (chunk: Buffer) => {
    out += chunk.toString();
    if (logFile) fs.appendFileSync(logFile, chunk);
  };
  child.stdout!.on("data", onData);
  child.stderr!.on("data", onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  let finished = false;
  void exited.then(() => (finished = true));

  const deadline = Date.now() + timeoutMs;
  let port = 0;
  while (!port) {
    const m = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
    if (m) port = Number(m[1]);
    else if (finished) throw new Error(`the server exited before listening:\n${out}`);
    else if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the server did not listen within ${timeoutMs} ms:\n${out}`);
    } else await new Promise((r) => setTimeout(r, 50));
  }
  return {
    child,
    port,
    base: `http://127.0.0.1:${port}`,
    output: () => out,
    exited,
    async kill() {
      if (!finished) {
        child.kill("SIGKILL");
        await exited;
      }
    },
  };
}
