/**
 * Cost as the church grows (issue 23): the reads scenario at 1,000, 5,000 and 20,000 members,
 * each on a database of its own seeded for that size (everything that grows with the church
 * grows with it: at 20,000 members, 4× the gifts, notes, notifications and comments of 5,000),
 * then one table: each route's ratio to the same run's PostgreSQL point select at every size,
 * its growth against the 1,000-member run, and the answer's size (a list that is paginated does
 * not grow with the church).
 *
 * Goal: a member's read keeps ≥ 0.8 of its 1,000-member ratio (within 20 %), and no answer grows
 * with the church. Ratios, not requests a second, are compared, so a machine whose speed moves
 * between runs moves both sides of each ratio together.
 *
 *   npx tsx bench/reads-growth.ts                       about 25 minutes (BENCH_READS_SECONDS=2)
 *   BENCH_GROWTH_SIZES=1000,5000 BENCH_READS=groups npx tsx bench/reads-growth.ts
 *   BENCH_GROWTH_OUT=/tmp/growth.md                     also write the table there
 *
 * Not a scenario (the runner picks up *.bench.ts only): it runs the runner once per size.
 */
import { execSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROOT } from "./lib/harness";

interface Row {
  route: string;
  as: string;
  goal: string;
  ratio: number;
  rps: number;
  p99: number;
  bytes: number;
  bad: number;
}

const sizes = (process.env.BENCH_GROWTH_SIZES ?? "1000,5000,20000").split(",").map(Number);
const runs: { members: number; rows: Map<string, Row> }[] = [];
let built = process.env.BENCH_SKIP_BUILD === "1";
for (const members of sizes) {
  const out = path.join(os.tmpdir(), `koinonia-reads-${members}-${process.pid}.json`);
  console.log(`[${new Date().toISOString().slice(11, 19)}] reads at ${members.toLocaleString("en-US")} members`);
  execSync("npx tsx bench/run.ts reads", {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      BENCH_SCALE: "full",
      BENCH_MEMBERS: String(members),
      BENCH_READS_SECONDS: process.env.BENCH_READS_SECONDS ?? "2",
      BENCH_READS_OUT: out,
      BENCH_SKIP_BUILD: built ? "1" : "0",
    },
  });
  built = true;
  const data = JSON.parse(fs.readFileSync(out, "utf8")) as { rows: Row[] };
  fs.rmSync(out);
  runs.push({ members, rows: new Map(data.rows.map((r) => [r.route, r])) });
}

const first = runs[0];
const head = `| route | who | ${runs.map((r) => `ratio at ${r.members.toLocaleString("en-US")}`).join(" | ")} | ${runs
  .slice(1)
  .map((r) => `growth ${r.members.toLocaleString("en-US")}`)
  .join(" | ")} | bytes ${runs.map((r) => r.members.toLocaleString("en-US")).join(" / ")} | within 20 % |`;
const lines = [head, `|${"---|".repeat(2 + runs.length + runs.length - 1 + 2)}`];
let kept = 0;
let member = 0;
for (const [route, base] of first.rows) {
  const at = runs.map((r) => r.rows.get(route));
  const growth = at.slice(1).map((r) => (r ? r.ratio / base.ratio : NaN));
  const bytes = at.map((r) => (r ? r.bytes.toLocaleString("en-US") : "—")).join(" / ");
  const isMember = base.goal === "member";
  const within = growth.every((g) => g >= 0.8);
  if (isMember) {
    member++;
    if (within) kept++;
  }
  lines.push(
    `| ${route} | ${base.as} | ${at.map((r) => (r ? r.ratio.toFixed(2) : "—")).join(" | ")} | ${growth.map((g) => g.toFixed(2)).join(" | ")} | ${bytes} | ${isMember ? (within ? "yes" : "NO") : "(staff)"} |`,
  );
}
const text = `${lines.join("\n")}\n\nMember reads within 20 % of their ${first.members.toLocaleString("en-US")}-member ratio at every size: ${kept} of ${member}.\n`;
console.log(text);
if (process.env.BENCH_GROWTH_OUT) fs.writeFileSync(process.env.BENCH_GROWTH_OUT, text);
