/** loadConfig: defaults, parsing, and errors that name the variable (README, Configuration). */
import { describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { ConfigError, loadConfig } from "./config";

/** The ConfigError loadConfig throws for `env` (fails the test if it does not throw one). */
function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return e as ConfigError;
  }
  throw new Error(`loadConfig(${JSON.stringify(env)}) did not throw`);
}

describe("loadConfig defaults", () => {
  it("runs with no variables at all", () => {
    const c = loadConfig({});
    expect(c.port).toBe(5000);
    expect(c.host).toBe("0.0.0.0");
    expect(c.env).toBe("development");
    expect(c.dataDir).toBe(path.resolve("./data"));
    expect(path.isAbsolute(c.dataDir)).toBe(true);
    expect(c.seedDemo).toBe(true);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.databasePoolSize).toBe(20);
    expect(c.publicUrl).toBe("http://localhost:5000");
    expect(c.churchConfigPath).toBe(path.resolve("config/church.json"));
    expect(c.smtpUrl).toBeUndefined();
    expect(c.sessionTtlDays).toBe(30);
    expect(c.authRateLimit).toEqual({ perIp: 300, perEmail: 10, windowSeconds: 600, delaySeconds: 30, resetEmailSeconds: 300 });
    expect(c.trustProxy).toBe(false);
    expect(c.logLevel).toBe("info");
    expect(c.clientDir).toBe(path.resolve("dist/client"));
  });

  it("treats empty variables as unset", () => {
    const c = loadConfig({ PORT: "", DATA_DIR: "", SEED_DEMO: "", DATABASE_URL: "", PUBLIC_URL: "" });
    expect(c.port).toBe(5000);
    expect(c.dataDir).toBe(path.resolve("./data"));
    expect(c.seedDemo).toBe(true);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.publicUrl).toBe("http://localhost:5000");
  });

  it("accepts .env.example as it ships", () => {
    const file = path.resolve(".env.example");
    const env = Object.fromEntries(
      fs
        .readFileSync(file, "utf8")
        .split("\n")
        .map((l) => l.trim())
        .filter((l) => l && !l.startsWith("#") && l.includes("="))
        .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
    );
    expect(Object.keys(env)).toContain("PORT");
    expect(loadConfig(env)).toEqual(loadConfig({}));
  });
});

describe("loadConfig parsing", () => {
  it("reads SEED_DEMO=false and the other spellings of a boolean", () => {
    expect(loadConfig({ SEED_DEMO: "false" }).seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: "0" }).seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: "no" }).seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: "true" }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: "1" }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: "yes" }).seedDemo).toBe(true);
  });

  it("reads TRUST_PROXY as false, a hop count or the proxies' addresses, and refuses true", () => {
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "0" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toEqual({ hops: 1 });
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toEqual({ hops: 2 });
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 127.0.0.1,::1,fd00::/8" }).trustProxy).toEqual({ addresses: ["10.0.0.0/8", "127.0.0.1", "::1", "fd00::/8"] });
    expect(configError({ TRUST_PROXY: "true" }).message).toMatch(/TRUST_PROXY: true is no longer accepted .*number of proxies.*\(got "true"\)/);
    expect(configError({ TRUST_PROXY: "yes" }).message).toContain("TRUST_PROXY");
    expect(configError({ TRUST_PROXY: "10.0.0.0/33" }).message).toMatch(/TRUST_PROXY: .*"10.0.0.0\/33" is neither/);
    expect(configError({ TRUST_PROXY: "proxy.internal" }).message).toContain("TRUST_PROXY");
    expect(configError({ TRUST_PROXY: "11" }).message).toMatch(/TRUST_PROXY: a hop count is at most 10/);
  });

  it("reads numbers, paths and URLs", () => {
    const c = loadConfig({
      PORT: "8080",
      DATA_DIR: "/var/lib/koinonia",
      DATABASE_URL: "postgresql://app@db:5432/koinonia",
      PUBLIC_URL: "https://church.example.org/",
      AUTH_RATE_LIMIT_PER_IP: "7",
      AUTH_RATE_LIMIT_PER_EMAIL: "3",
      AUTH_RATE_LIMIT_WINDOW_SECONDS: "60",
      AUTH_RATE_LIMIT_DELAY_SECONDS: "5",
      AUTH_RESET_EMAIL_SECONDS: "0",
      SESSION_TTL_DAYS: "7",
    });
    expect(c.port).toBe(8080);
    expect(c.dataDir).toBe("/var/lib/koinonia");
    expect(c.databaseUrl).toBe("postgresql://app@db:5432/koinonia");
    // The trailing slash is dropped, so links can be built with `${publicUrl}/path`.
    expect(c.publicUrl).toBe("https://church.example.org");
    expect(c.authRateLimit).toEqual({ perIp: 7, perEmail: 3, windowSeconds: 60, delaySeconds: 5, resetEmailSeconds: 0 });
    expect(c.sessionTtlDays).toBe(7);
    expect(loadConfig({ PORT: "8080" }).publicUrl).toBe("http://localhost:8080");
    expect(loadConfig({ DATABASE_URL: "postgres://x" }).databaseUrl).toBe("postgres://x");
  });

  it("reads process.env when called without an argument", () => {
    const before = process.env.PORT;
    process.env.PORT = "6123";
    try {
      expect(loadConfig().port).toBe(6123);
    } finally {
      if (before === undefined) delete process.env.PORT;
      else process.env.PORT = before;
    }
  });
});

describe("loadConfig errors name the variable", () => {
  it("PORT=abc", () => {
    const e = configError({ PORT: "abc" });
    expect(e.message).toContain("Invalid configuration");
    expect(e.message).toMatch(/PORT: must be a number \(got "abc"\)/);
  });

  it("PORT out of range or not whole", () => {
    expect(configError({ PORT: "70000" }).message).toMatch(/PORT: .*\(got "70000"\)/);
    expect(configError({ PORT: "80.5" }).message).toMatch(/PORT: must be a whole number/);
    expect(configError({ PORT: "-1" }).message).toContain("PORT");
  });

  it("DATABASE_URL=mysql://x", () => {
    const e = configError({ DATABASE_URL: "mysql://x" });
    expect(e.message).toMatch(/DATABASE_URL: must be a postgres:\/\/ URL \(got "mysql:\/\/x"\)/);
  });

  it("SEED_DEMO=maybe", () => {
    const e = configError({ SEED_DEMO: "maybe" });
    expect(e.message).toMatch(/SEED_DEMO: must be true or false \(got "maybe"\)/);
  });

  it("other bad values", () => {
    expect(configError({ PUBLIC_URL: "church.example.org" }).message).toContain("PUBLIC_URL");
    expect(configError({ SMTP_URL: "http://mail" }).message).toContain("SMTP_URL");
    expect(configError({ NODE_ENV: "staging" }).message).toContain("NODE_ENV");
    expect(configError({ AUTH_RATE_LIMIT_PER_EMAIL: "0" }).message).toContain("AUTH_RATE_LIMIT_PER_EMAIL");
    expect(configError({ LOG_LEVEL: "verbose" }).message).toContain("LOG_LEVEL");
  });

  it("lists every bad variable at once, and only those", () => {
    const e = configError({ PORT: "abc", DATABASE_URL: "mysql://x", SEED_DEMO: "maybe", HOST: "example" });
    const lines = e.message.split("\n").slice(1);
    expect(lines).toHaveLength(3);
    expect(lines.map((l) => l.trim().split(":")[0]).sort()).toEqual(["DATABASE_URL", "PORT", "SEED_DEMO"]);
  });
});

describe("SECRETS_KEY", () => {
  const hex = "ab".repeat(32);
  it("accepts 32 bytes as hex or base64 and is optional in development", () => {
    expect(loadConfig({ SECRETS_KEY: hex }).secretsKey).toBe(hex);
    expect(loadConfig({ SECRETS_KEY: Buffer.alloc(32, 7).toString("base64") }).secretsKey).toBeDefined();
    expect(loadConfig({}).secretsKey).toBeUndefined();
  });

  it("refuses a wrong length, and its absence in production on PostgreSQL", () => {
    expect(configError({ SECRETS_KEY: "abc" }).message).toContain("SECRETS_KEY");
    const prod = { NODE_ENV: "production", DATABASE_URL: "postgres://u@h/db" };
    expect(configError(prod).message).toContain("SECRETS_KEY: is required in production");
    expect(loadConfig({ ...prod, SECRETS_KEY: hex }).secretsKey).toBe(hex);
    expect(loadConfig({ NODE_ENV: "production" }).secretsKey).toBeUndefined();
  });
});

describe("PLAID_*", () => {
  it("is off by default, picks Plaid's server by PLAID_ENV (PLAID_BASE_URL wins), and needs both keys", () => {
    expect(loadConfig({}).plaid).toBeUndefined();
    expect(loadConfig({ PLAID_CLIENT_ID: "id", PLAID_SECRET: "s" }).plaid).toEqual({ clientId: "id", secret: "s", baseUrl: "https://sandbox.plaid.com" });
    expect(loadConfig({ PLAID_CLIENT_ID: "id", PLAID_SECRET: "s", PLAID_ENV: "production" }).plaid?.baseUrl).toBe("https://production.plaid.com");
    expect(loadConfig({ PLAID_CLIENT_ID: "id", PLAID_SECRET: "s", PLAID_BASE_URL: "http://127.0.0.1:9" }).plaid?.baseUrl).toBe("http://127.0.0.1:9");
    expect(configError({ PLAID_CLIENT_ID: "id" }).message).toContain("PLAID_SECRET");
    expect(configError({ PLAID_ENV: "development" }).message).toContain("PLAID_ENV");
  });
});
