/**
 * The layer rules of docs/architecture.md are enforced by `npm run lint` (eslint.layers.js): each
 * forbidden import below, placed at a path in that layer, must fail with the rule's error, and the
 * allowed ones must pass. Uses the project's own eslint.config.js, so a rule dropped from the
 * config fails here.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

/** The layer errors for a file at `file` (repo-relative) that imports `from`. */
async function layerErrors(file: string, from: string): Promise<string[]> {
  const code = `import { x } from "${from}";\nexport const y = x;\n`;
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

const forbidden: Array<[string, string, string, RegExp]> = [
  ["a server feature imports another feature", "server/features/admin/virtual.ts", "../notes/get-note", /imports no other feature/],
  ["a server feature imports another feature (long path)", "server/features/admin/virtual.ts", "../../features/notes/get-note", /imports no other feature/],
  ["a server feature imports a job", "server/features/connect/virtual.ts", "../../jobs/daily-journey", /no job, seed/],
  ["a server feature imports seed", "server/features/auth/virtual.ts", "../../seed/demo", /no job, seed/],
  ["a server feature imports app.ts", "server/features/giving/virtual.ts", "../../app.ts", /no job, seed, app\.ts/],
  ["seed imports http", "server/seed/virtual.ts", "../http/auth", /does not reach up into HTTP/],
  ["seed imports a feature", "server/seed/virtual.ts", "../features/wallet/ledger", /does not reach up into HTTP/],
  ["shared server code imports a feature", "server/http/virtual.ts", "../features/auth/routes", /imports no feature, job or seed/],
  ["shared server code imports a job", "server/shared/virtual.ts", "../jobs/interval", /imports no feature, job or seed/],
  ["a top-level shared file imports a feature", "server/deps.ts", "./features/auth/routes", /imports no feature, job or seed/],
  ["a provider imports seed", "server/providers/bank/virtual.ts", "../../seed/wallet", /imports no feature, job or seed/],
  ["a job imports seed", "server/jobs/virtual.ts", "../seed/demo", /never seed/],
  ["contract imports the server", "contract/virtual.ts", "../server/http/app-error", /imports nothing from either/],
  ["contract imports the client", "contract/i18n/virtual.ts", "@/lib/api", /imports nothing from either/],
  ["a client feature imports another client feature", "client/src/features/admin/virtual.tsx", "@/features/giving/giving-page", /imports no other feature/],
  ["a client feature imports another client feature (relative)", "client/src/features/admin/virtual.tsx", "../giving/giving-page", /imports no other feature/],
  ["a client feature imports the app", "client/src/features/admin/virtual.tsx", "@/app/router", /nothing from client\/src\/app/],
  ["client lib imports a feature", "client/src/lib/virtual.ts", "@/features/auth/login-page", /import no feature/],
  ["a client component imports a feature", "client/src/components/ui/virtual.tsx", "../../features/auth/login-page", /import no feature/],
];

const allowed: Array<[string, string, string]> = [
  ["a feature imports its own file", "server/features/admin/virtual.ts", "./list-users"],
  ["a feature imports shared code", "server/features/admin/virtual.ts", "../../shared/public-user"],
  ["a feature imports http, db and contract", "server/features/admin/virtual.ts", "../../http/auth"],
  ["a feature imports contract", "server/features/admin/virtual.ts", "../../../contract/admin"],
  ["a feature whose name starts like another's imports its own file", "server/features/notifications/virtual.ts", "./list-notifications"],
  ["a job imports a feature use case", "server/jobs/virtual.ts", "../features/giving/send-gift-receipt"],
  ["seed imports the schema and shared code", "server/seed/virtual.ts", "../shared/bank-token"],
  ["app.ts composes features", "server/app.ts", "./features/auth/routes"],
  ["main.ts starts jobs", "server/main.ts", "./jobs/daily-journey"],
  ["a test may import across layers", "server/features/connect/virtual.test.ts", "../../jobs/daily-journey"],
  ["the test harness may import seed", "server/testing/virtual.ts", "../seed/demo"],
  ["a client feature imports lib and components", "client/src/features/admin/virtual.tsx", "@/components/ui/button"],
  ["a client feature imports its own file", "client/src/features/giving/virtual.tsx", "./wallet-api"],
  ["the client app composes features", "client/src/app/virtual.tsx", "@/features/giving/giving-page"],
  ["the client imports contract", "client/src/features/giving/virtual.tsx", "@contract/giving"],
];

describe("layer rules (eslint no-restricted-imports)", () => {
  it.each(forbidden)("fails when %s", async (_name, file, from, message) => {
    const errors = await layerErrors(file, from);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(message);
  });

  it.each(allowed)("passes when %s", async (_name, file, from) => {
    expect(await layerErrors(file, from)).toEqual([]);
  });
});
