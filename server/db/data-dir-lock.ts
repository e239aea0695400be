/**
 * Embedded PGlite is a single-process database: two processes opening the same data
 * directory would corrupt it. The server holds DATA_DIR/server.lock (pid and port) while
 * it runs; other tools (npm run role) refuse to open the directory while it is held.
 */
import fs from "node:fs";
import path from "node:path";

const lockFile = (dataDir: string) => path.join(dataDir, "server.lock");

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
};

/** The live holder of the lock, or null when the directory is free (a stale lock is ignored). */
export function lockHolder(dataDir: string): { pid: number; port: number } | null {
  try {
    const held = JSON.parse(fs.readFileSync(lockFile(dataDir), "utf8")) as { pid: number; port: number };
    return held.pid !== process.pid && alive(held.pid) ? held : null;
  } catch {
    return null;
  }
}

export function acquireDataDirLock(dataDir: string, port: number) {
  const holder = lockHolder(dataDir);
  if (holder) {
    throw new Error(`Another Koinonia server (pid ${holder.pid}, port ${holder.port}) is using ${dataDir}. Stop it first, or set DATA_DIR to another folder.`);
  }
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(lockFile(dataDir), JSON.stringify({ pid: process.pid, port }));
}

export function releaseDataDirLock(dataDir: string) {
  try {
    const held = JSON.parse(fs.readFileSync(lockFile(dataDir), "utf8")) as { pid: number };
    if (held.pid === process.pid) fs.rmSync(lockFile(dataDir));
  } catch {
    /* already gone */
  }
}
