/**
 * The server renders emails, pushes and error answers in every language, so it must load them
 * all: its code takes the messages from server/i18n.ts, which does (contract/i18n/messages.ts
 * alone holds English only, for the client's sake).
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LOCALES } from "../contract/i18n/locales";
import { localize, messagesFor } from "./i18n";

const files = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith(".ts") ? [path.join(dir, e.name)] : []));

describe("the server's languages", () => {
  it("has every language loaded", () => {
    for (const l of LOCALES) expect(messagesFor(l) === messagesFor("en"), l).toBe(l === "en");
  });

  it("takes its messages from server/i18n.ts only, never from the English-only contract module", () => {
    const direct = files("server").filter((f) => f !== path.join("server", "i18n.ts") && /contract\/i18n\/messages["']/.test(fs.readFileSync(f, "utf8")));
    expect(direct).toEqual([]);
  });

  it("says every error it throws in words that have a Spanish translation (no English-only literal in a feature)", () => {
    const thrown = /\b(?:notFound|forbidden|unauthorized|conflict)\(\s*"([^"]+)"|badRequest\(\s*"[^"]*",\s*"([^"]+)"|new AppError\(\s*"[A-Z_]+",\s*"([^"]+)"/g;
    const untranslated: string[] = [];
    for (const f of files("server").filter((f) => !f.endsWith(".test.ts"))) {
      for (const m of fs.readFileSync(f, "utf8").matchAll(thrown)) {
        const text = m[1] ?? m[2] ?? m[3];
        if (localize(text, "es") === text) untranslated.push(`${f}: ${text}`);
      }
    }
    expect(untranslated).toEqual([]);
  });
});
