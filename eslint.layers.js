/**
 * The layer rules of docs/architecture.md, as ESLint's core `no-restricted-imports`.
 *
 * The core rule matches the import string as written ("../../jobs/daily-journey"), not the file it
 * reaches, so a rule like "server/features/X imports nothing under server/jobs" is turned into
 * patterns per folder: for every folder of the tree, each way of writing a path from that folder to
 * a forbidden place (../jobs, ../../server/jobs, the @/ alias of the client...) becomes one regex.
 * The folders are read from disk when ESLint starts, so a new feature folder gets its rules without
 * an edit here.
 *
 * Test code (*.test.ts(x), tests/, server/testing/) may import across layers: a test drives a job
 * and then reads a feature's answer, or seeds demo data.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Import aliases (tsconfig.json "paths"): the alias as written, and the folder it stands for. */
const ALIASES = [
  ["@contract/", "contract/"],
  ["@/", "client/src/"],
];

const SERVER_SHARED = ["server/shared", "server/http", "server/db", "server/events", "server/providers", "server/security", "server/notifications"];

/**
 * Each layer: the folders it covers (a folder and everything below it) and the places its code
 * must not import. `{ childrenOf, except }` forbids every child folder of a place but the file's
 * own (a feature may import its own files, not another feature's).
 */
export const LAYERS = [
  {
    name: "contract",
    folders: ["contract"],
    forbid: ["server", "client"],
    why: "contract/ is what server and client share: it imports nothing from either (docs/architecture.md, Layers).",
  },
  {
    name: "server feature",
    folders: ["server/features"],
    own: "server/features",
    forbid: [{ childrenOf: "server/features" }, "server/jobs", "server/seed", "server/app", "server/main"],
    why: "A server feature imports no other feature and no job, seed, app.ts or main.ts: move what two features share to server/shared/ (docs/architecture.md, Where code goes).",
  },
  {
    name: "server shared",
    folders: SERVER_SHARED,
    forbid: ["server/features", "server/jobs", "server/seed", "server/app", "server/main"],
    why: "Shared server code is below the features: it imports no feature, job or seed (docs/architecture.md, Layers).",
  },
  {
    name: "server job",
    folders: ["server/jobs"],
    forbid: ["server/seed", "server/app", "server/main"],
    why: "A job calls feature use cases and shared code, never seed, app.ts or main.ts (docs/architecture.md, Jobs).",
  },
  {
    name: "seed",
    folders: ["server/seed"],
    forbid: ["server/http", "server/features", "server/jobs", "server/app", "server/main"],
    why: "Seed code writes rows with the schema and shared code; it does not reach up into HTTP, features or jobs (docs/architecture.md, Layers).",
  },
  {
    name: "client feature",
    folders: ["client/src/features"],
    own: "client/src/features",
    forbid: [{ childrenOf: "client/src/features" }, "client/src/app"],
    why: "A client feature imports no other feature and nothing from client/src/app: pages in client/src/app compose features; shared pieces go to components/ or lib/ (docs/architecture.md, Where code goes).",
  },
  {
    name: "client building blocks",
    folders: ["client/src/components", "client/src/lib"],
    forbid: ["client/src/features", "client/src/app"],
    why: "components/ and lib/ are below the features: they import no feature and no page (docs/architecture.md, Layers).",
  },
];

/** The top-level server files that are shared code (app.ts and main.ts compose everything). */
const SERVER_ROOT_SHARED = { files: ["server/*.ts"], ignores: ["server/app.ts", "server/main.ts"], layer: "server shared" };

/**
 * Imports still to fix, allowed for now, each with who fixes it. Only the named files, and only
 * the named other feature: every other layer rule still applies to them. Empty this list; do
 * not grow it.
 */
export const NOT_YET_FIXED = [];

export const TEST_FILES = ["**/*.test.ts", "**/*.test.tsx", "tests/**", "server/testing/**"];

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** The end of a path to a file or folder: "x", "x.ts", "x/anything". */
const END = "(?:\\.[cm]?[jt]sx?)?(?:/|$)";

/**
 * Regexes matching every way an import written in `dir` can reach `target`: "./" or "../" steps up
 * to a common folder and down again, a path from the root (tsconfig's baseUrl is "."), an alias.
 * `children`: undefined forbids the target itself; a list, every child folder of the target but
 * those named (an empty list: every child).
 */
function regexesTo(dir, target, children) {
  const tail =
    children === undefined ? END : children.length === 0 ? "/[^./]" : `/(?!(?:${children.map(escape).join("|")})${END})[^./]`;
  const out = [];
  const parts = dir.split("/");
  for (let up = 0; up <= parts.length; up++) {
    const base = parts.slice(0, parts.length - up).join("/");
    if (base !== "" && !target.startsWith(base + "/") && target !== base) continue;
    const rest = base === "" ? target : target.slice(base.length + 1);
    if (rest === "") {
      // The target is an ancestor folder: only its children can be forbidden ("../sibling").
      if (children !== undefined && up > 0) out.push(`^(?:\\.\\./){${up - 1}}\\.\\.${tail}`);
      continue;
    }
    out.push(`^${up === 0 ? "\\./" : `(?:\\.\\./){${up}}`}${escape(rest)}${tail}`);
  }
  out.push(`^${escape(target)}${tail}`);
  for (const [alias, folder] of ALIASES) {
    if (folder.startsWith(target + "/")) out.push(`^${escape(alias)}`);
    else if (target.startsWith(folder)) out.push(`^${escape(alias + target.slice(folder.length))}${tail}`);
  }
  return out;
}

/** `dir`'s own child of `own` (server/features/giving/x -> ["giving"]), or none. */
const ownChild = (dir, own) => (own && dir.startsWith(own + "/") ? [dir.slice(own.length + 1).split("/")[0]] : []);

function patternsFor(dir, layer, alsoAllow = []) {
  const patterns = [];
  for (const f of layer.forbid) {
    const regexes = typeof f === "string" ? regexesTo(dir, f, undefined) : regexesTo(dir, f.childrenOf, [...ownChild(dir, layer.own), ...alsoAllow]);
    for (const regex of regexes) patterns.push({ regex, message: layer.why });
  }
  return patterns;
}

/** Every folder under `root` (relative to `cwd`), `root` included. */
function foldersUnder(cwd, root) {
  const full = path.join(cwd, root);
  if (!fs.existsSync(full)) return [];
  const out = [root];
  for (const entry of fs.readdirSync(full, { withFileTypes: true })) {
    if (entry.isDirectory() && entry.name !== "node_modules" && entry.name !== "migrations") out.push(...foldersUnder(cwd, `${root}/${entry.name}`));
  }
  return out;
}

/**
 * The flat-config objects: one per folder that has layer rules, the listed exceptions, then the
 * test files' exemption. Folders are read from the repository root (this file's folder), which is
 * also where ESLint resolves the `files` globs, whatever directory ESLint was started in.
 */
export function layerConfigs(cwd = path.dirname(fileURLToPath(import.meta.url))) {
  const configs = [];
  for (const layer of LAYERS) {
    for (const root of layer.folders) {
      for (const dir of foldersUnder(cwd, root)) {
        configs.push({
          name: `layers: ${layer.name} (${dir})`,
          files: [`${dir}/*.ts`, `${dir}/*.tsx`],
          rules: { "no-restricted-imports": ["error", { patterns: patternsFor(dir, layer) }] },
        });
      }
    }
  }
  const rootShared = LAYERS.find((l) => l.name === SERVER_ROOT_SHARED.layer);
  configs.push({
    name: "layers: server shared (server/*.ts)",
    files: SERVER_ROOT_SHARED.files,
    ignores: SERVER_ROOT_SHARED.ignores,
    rules: { "no-restricted-imports": ["error", { patterns: patternsFor("server", rootShared) }] },
  });
  for (const exempt of NOT_YET_FIXED) {
    const layer = LAYERS.find((l) => l.name === exempt.layer);
    for (const file of exempt.files) {
      configs.push({
        name: `layers: not yet fixed (${file})`,
        files: [file],
        rules: { "no-restricted-imports": ["error", { patterns: patternsFor(path.posix.dirname(file), layer, exempt.alsoAllow) }] },
      });
    }
  }
  configs.push({ name: "layers: tests may import across", files: TEST_FILES, rules: { "no-restricted-imports": "off" } });
  return configs;
}
