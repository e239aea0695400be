/**
 * The bench's sizes (BENCH_SCALE). `full` is issue 10's Sunday; `modest` a tenth of it, for
 * development; `large` is issue 23's megachurch Sunday: 20,000 members, 8,000 of them arriving
 * over 120 s, 20,000 event streams and a 20,000-vote poll burst over 20 s.
 *
 * BENCH_INSTANCES=2 runs the megachurch scenarios (poll burst, Sunday, event stream) on two
 * server processes on one PostgreSQL, the README's scale-out: the bench splits the members
 * between them as a sticky load balancer would (member i on process i mod 2).
 */
export type Scale = "modest" | "full" | "large";

export interface Sizes {
  /** Members seeded (BENCH_MEMBERS overrides). */
  members: number;
  /** Poll burst: voters, and the window their arrivals are spread over. */
  pollVoters: number;
  pollWindowMs: number;
  /** Poll burst's goal for a vote's p99. */
  pollP99Ms: number;
  /** Sunday: members arriving, and over how long (BENCH_SUNDAY_SECONDS overrides). */
  sundayMembers: number;
  sundayMs: number;
  /**
   * Sunday: one arrival in this many signs in with the password (argon2); the others open the app
   * with the session their phone already holds (sessions last SESSION_TTL_DAYS). 1 at modest and
   * full scale; 4 at large: 8,000 password checks in 120 s are about 200 s of a core's argon2id
   * (25 ms each), more than this 2-core machine has beside everything else (bench/README.md).
   * BENCH_SUNDAY_SIGN_IN_EVERY overrides (1: every arrival signs in).
   */
  sundaySignInEvery: number;
  /** Event stream: concurrent clients (BENCH_SSE_CLIENTS overrides). */
  sseClients: number;
}

const SIZES: Record<Scale, Sizes> = {
  modest: { members: 1_000, pollVoters: 1_000, pollWindowMs: 10_000, pollP99Ms: 200, sundayMembers: 200, sundayMs: 20_000, sundaySignInEvery: 1, sseClients: 1_000 },
  full: { members: 5_000, pollVoters: 5_000, pollWindowMs: 10_000, pollP99Ms: 200, sundayMembers: 2_000, sundayMs: 120_000, sundaySignInEvery: 1, sseClients: 10_000 },
  // Issue 23: "p99 < 300 ms per request kind" for the whole megachurch Sunday, votes included.
  large: { members: 20_000, pollVoters: 20_000, pollWindowMs: 20_000, pollP99Ms: 300, sundayMembers: 8_000, sundayMs: 120_000, sundaySignInEvery: 4, sseClients: 20_000 },
};

export function benchScale(env: NodeJS.ProcessEnv = process.env): { scale: Scale; sizes: Sizes; instances: number } {
  const raw = env.BENCH_SCALE ?? "full";
  if (raw !== "modest" && raw !== "full" && raw !== "large") throw new Error(`BENCH_SCALE must be modest, full or large (not ${raw})`);
  const base = SIZES[raw];
  const instances = Number(env.BENCH_INSTANCES ?? 1);
  if (!Number.isInteger(instances) || instances < 1 || instances > 4) throw new Error(`BENCH_INSTANCES must be 1 to 4 (not ${env.BENCH_INSTANCES})`);
  return {
    scale: raw,
    instances,
    sizes: {
      ...base,
      members: Number(env.BENCH_MEMBERS ?? base.members),
      sundayMs: env.BENCH_SUNDAY_SECONDS ? Number(env.BENCH_SUNDAY_SECONDS) * 1000 : base.sundayMs,
      sseClients: Number(env.BENCH_SSE_CLIENTS ?? base.sseClients),
      sundaySignInEvery: Number(env.BENCH_SUNDAY_SIGN_IN_EVERY ?? base.sundaySignInEvery),
    },
  };
}

/**
 * Open files one process needs to hold `sockets` connections, with room for its own files,
 * the database pool and the listening socket.
 */
export const filesFor = (sockets: number) => sockets + 500;
