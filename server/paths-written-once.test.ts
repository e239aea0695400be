/**
 * Every API path is written once, in contract/api-paths.ts (docs/architecture.md, "Paths"): the
 * server registers `API.x.pattern`, links and the client build URLs with `API.x(...)`. This test
 * reads the server's and the client's sources and fails on an "/api/..." path written as a
 * literal anywhere else. Tests may write URLs out (they check the public contract as a caller
 * sees it).
 */
import { describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");

/** Literals that are prefixes, not paths, each with why it stands. */
const ALLOWED: Record<string, string> = {
  "server/http/auth.ts": "the bare /api/ prefix: every API route must state its access",
  "server/http/error-handler.ts": "the bare /api/ prefix: the SPA fallback never answers an API path",
  "server/http/logging.ts": "prefixes of capability paths whose last segment is redacted from logs",
  "server/features/auth/known-device.ts": "the cookie's path, every auth route under /api/auth",
};

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (rel === "server/testing" || rel === "server/db/migrations") continue;
      out.push(...sources(rel));
    } else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) out.push(rel);
  }
  return out;
}

describe("API paths", () => {
  it("are written only in contract/api-paths.ts (server and client build them from it)", () => {
    const offenders: string[] = [];
    for (const file of [...sources("server"), ...sources("client/src")]) {
      if (ALLOWED[file]) continue;
      const text = fs.readFileSync(path.join(ROOT, file), "utf8");
      const lines = text.split("\n");
      lines.forEach((line, i) => {
        if (/^\s*(\*|\/\/)/.test(line)) return; // comments may name a path
        if (/["'`]\/api\//.test(line)) offenders.push(`${file}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(offenders).toEqual([]);
  });

  it("flags a literal path (the check can fail)", () => {
    expect(/["'`]\/api\//.test(`fetch("/api/giving/history")`)).toBe(true);
  });
});
