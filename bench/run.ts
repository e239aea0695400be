/**
 * `npm run bench`: runs every bench/*.bench.ts in turn (or only those whose name contains an
 * argument: `npm run bench -- event-stream`). Benchmarks are never part of `npm test`.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const dir = path.dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => !filters.length || filters.some((x) => f.includes(x)))
  .sort();
if (!files.length) {
  console.error(`No benchmark matches ${filters.join(", ")}`);
  process.exit(1);
}
for (const f of files) {
  console.log(`\n=== ${f} ===`);
  const mod = (await import(pathToFileURL(path.join(dir, f)).href)) as { run: () => Promise<void> };
  await mod.run();
}
