import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  resolve: { alias: { "@contract": r("./contract"), "@": r("./client/src") } },
  test: {
    include: ["server/**/*.test.ts", "client/**/*.test.{ts,tsx}", "contract/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
