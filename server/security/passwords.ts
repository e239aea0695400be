import os from "node:os";
import argon2 from "argon2";

/**
 * argon2id with OWASP's recommended minimum (19 MiB memory, 2 iterations, 1 lane).
 * https://cheatsheetseries.owasp.org/cheatsheets/Password_Storage_Cheat_Sheet.html
 */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * At most this many hashes at once (decision 0133). One argon2id check is about 25 ms of a core;
 * libuv runs four at a time by default, so a burst of sign-ins (8,000 members arriving within
 * two minutes) took both cores of a small server from everything else, and every request kind
 * waited behind them. Limited to one less than the cores, sign-ins wait their turn and the rest
 * of the app keeps a core. Set from PASSWORD_HASH_CONCURRENCY by the app (setPasswordHashConcurrency).
 */
let limit = Math.max(1, os.availableParallelism() - 1);
let running = 0;
const waiting: (() => void)[] = [];

export function setPasswordHashConcurrency(n: number | undefined) {
  limit = n ?? Math.max(1, os.availableParallelism() - 1);
}

/** Runs one hash under the limit, first come first served. */
async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next(); // the slot passes straight to the next in line
    else running -= 1;
  }
}

/** How many hashes run now, and how many wait (tests). */
export const passwordHashLoad = () => ({ running, waiting: waiting.length });

export const hashPassword = (password: string) => limited(() => argon2.hash(password, ARGON2_OPTIONS));

/** A hash of a random password, verified against when no account matches, so timing does not reveal accounts. */
let dummyHash: Promise<string> | null = null;

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword(`no-account-${Math.random()}`);
    const dummy = await dummyHash;
    await limited(() => argon2.verify(dummy, password)).catch(() => false);
    return false;
  }
  return limited(() => argon2.verify(hash, password)).catch(() => false);
}
