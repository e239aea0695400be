/**
 * npx tsx scripts/audit.ts — CI's dependency check (.ci/run): `npm audit --omit=dev`, failing on
 * any high or critical advisory in production dependencies, skipped with a clear line when the
 * registry does not answer (server/security/npm-audit.ts).
 */
import { spawnSync } from "node:child_process";
import { judgeAudit } from "../server/security/npm-audit";

const run = spawnSync("npm", ["audit", "--omit=dev", "--json"], { encoding: "utf8", timeout: 120_000 });
const verdict = judgeAudit(run.stdout ?? "");
if (verdict.kind === "unavailable") {
  console.log(`npm audit skipped: the registry did not answer the audit request (${verdict.reason}). Run it where the registry answers.`);
} else if (verdict.kind === "pass") {
  console.log(`npm audit: no high or critical advisory in production dependencies (${JSON.stringify(verdict.counts)}).`);
} else {
  console.error(`npm audit: high or critical advisories in production dependencies:\n  ${verdict.findings.join("\n  ")}`);
  process.exit(1);
}
