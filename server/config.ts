/**
 * Environment -> typed config, checked once at start. A bad value stops the server with a
 * message naming the variable (see README, Configuration, and .env.example).
 */
import { z } from "zod";
import path from "node:path";

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"], { error: "must be true or false" })
  .transform((v) => v === "true" || v === "1" || v === "yes");
const int = (min: number) => z.coerce.number({ error: "must be a number" }).int("must be a whole number").min(min);

const ZEnv = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: int(0).max(65535).default(5000),
  HOST: z.string().min(1).default("0.0.0.0"),
  PUBLIC_URL: z.url({ error: "must be a full URL such as https://app.example.org" }).optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .optional(),
  DATABASE_POOL_SIZE: int(1).max(500).default(20),
  SEED_DEMO: bool.default(true),
  CHURCH_CONFIG: z.string().min(1).default("config/church.json"),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL").optional(),
  EMAIL_FROM: z.string().min(3).default("Koinonia <no-reply@koinonia.test>"),
  SESSION_TTL_DAYS: int(1).max(365).default(30),
  AUTH_RATE_LIMIT_PER_IP: int(1).default(30),
  AUTH_RATE_LIMIT_PER_EMAIL: int(1).default(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: int(1).default(600),
  /** Giving attempts per member per window (POST /api/giving/*). */
  GIVING_RATE_LIMIT_PER_USER: int(1).default(10),
  GIVING_RATE_LIMIT_WINDOW_SECONDS: int(1).default(600),
  TRUST_PROXY: bool.default(false),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  CLIENT_DIR: z.string().default("dist/client"),
  /** Hour of the day (church time zone) from which the daily journey emails go out. */
  DAILY_JOURNEY_HOUR: int(0).max(23).default(6),
  /** The AI prayer companion: an OpenAI-compatible endpoint; unset = the offline sandbox. */
  AI_BASE_URL: z.url({ error: "must be a full URL such as https://api.openai.com/v1" }).optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().min(1).default("gpt-4o-mini"),
});

export type Config = ReturnType<typeof toConfig>;

function toConfig(env: z.infer<typeof ZEnv>) {
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    seedDemo: env.SEED_DEMO,
    churchConfigPath: path.resolve(env.CHURCH_CONFIG),
    smtpUrl: env.SMTP_URL,
    emailFrom: env.EMAIL_FROM,
    sessionTtlDays: env.SESSION_TTL_DAYS,
    authRateLimit: {
      perIp: env.AUTH_RATE_LIMIT_PER_IP,
      perEmail: env.AUTH_RATE_LIMIT_PER_EMAIL,
      windowSeconds: env.AUTH_RATE_LIMIT_WINDOW_SECONDS,
    },
    givingRateLimit: { perUser: env.GIVING_RATE_LIMIT_PER_USER, windowSeconds: env.GIVING_RATE_LIMIT_WINDOW_SECONDS },
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    clientDir: path.resolve(env.CLIENT_DIR),
    dailyJourneyHour: env.DAILY_JOURNEY_HOUR,
    ai: { baseUrl: env.AI_BASE_URL, apiKey: env.AI_API_KEY, model: env.AI_MODEL },
  };
}

export class ConfigError extends Error {}

/** Reads the environment (unset and empty variables take their defaults). */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const env = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message} (got ${JSON.stringify(env[String(i.path[0])])})`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return toConfig(parsed.data);
}
