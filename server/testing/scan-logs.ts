/**
 * The log scan (docs/security.md, "No secret in a log line"). Every server the test suites
 * start logs at trace level through the production logger (server/http/logging.ts) into one
 * run directory; after the suite, scanLogDir() reads every line and names each one that
 * holds a secret:
 *   - a password the tests use (the demo password, the harness's, every literal password in
 *     a test file), the sandbox card numbers or any other Luhn-valid card-length number;
 *   - an argon2 hash ("$argon2"), a bearer token, a token-shaped random value (32+ URL-safe
 *     characters mixing upper case, lower case and digits: sessions, reset and unsubscribe
 *     tokens are such values), a credential-like query parameter with a value;
 *   - an authenticator-app secret (32+ base32 characters, upper case and digits 2-7);
 *   - in a JSON line, a credential field (password, token, card_cvv, authorization...) whose
 *     value is not "[redacted]".
 */
import fs from "node:fs";
import path from "node:path";
import { luhnValid } from "../providers/payments/cards";

export interface Finding {
  file: string;
  line: number;
  what: string;
  excerpt: string;
}

const SENSITIVE_KEY =
  /^(password|passwordhash|password_hash|newpassword|currentpassword|token|tokenhash|token_hash|resettoken|sessiontoken|accesstoken|access_token|refreshtoken|refresh_token|apikey|api_key|secret|client_secret|card_number|cardnumber|card_cvv|cardcvv|cvv|cvc|authorization|cookie|set-cookie|ticket|recoverycode|recoverycodes|secretsealed|secret_sealed)$/i;
const REDACTED_VALUES = new Set(["[redacted]", ""]);

const TOKEN_SHAPED = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{32,}(?![A-Za-z0-9_-])/g;
/** A TOTP secret as otpauth prints it: base32, 20 bytes = 32 characters (docs/decisions/0102). */
const TOTP_SECRET_SHAPED = /(?<![A-Za-z0-9])[A-Z2-7]{32,}(?![A-Za-z0-9])/g;
const BEARER = /\bBearer\s+(?!\[redacted\])[A-Za-z0-9._~+/=-]{8,}/i;
const SECRET_QUERY = /[?&](token|code|key|secret|password|signature|sig|access_token|refresh_token)=(?!\[redacted\]|%5Bredacted%5D)[^&\s"'#]+/i;
/** 13 to 19 digits, optionally in groups split by single spaces or dashes, not inside a longer word. */
const CARD_SHAPED = /(?<![A-Za-z0-9.]|[A-Za-z0-9]-)\d(?:[ -]?\d){12,18}(?![A-Za-z0-9]|[.-][A-Za-z0-9])/g;

const mask = (s: string) => (s.length <= 6 ? "***" : `${s.slice(0, 3)}…${s.slice(-2)}`);

function looksRandom(s: string) {
  return /[A-Z]/.test(s) && /[a-z]/.test(s) && /[0-9]/.test(s);
}

/** UUIDs (request ids, row ids) are not secrets, and their all-digit groups can look like a card number. */
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** The built client's hashed file names ("/assets/triangle-alert-Bq3xY9Zk.js") are public, not tokens. */
const ASSET_PATH = /\/assets\/[A-Za-z0-9_.-]+/g;

/** Every check on the text of one line. */
function scanLineText(raw: string, needles: readonly string[]): { what: string; found: string }[] {
  const text = raw.replace(UUID, "<uuid>").replace(ASSET_PATH, "/assets/<file>");
  const hits: { what: string; found: string }[] = [];
  for (const needle of needles) if (text.includes(needle)) hits.push({ what: "a known test secret", found: needle });
  if (text.includes("$argon2")) hits.push({ what: "an argon2 password hash", found: "$argon2" });
  const bearer = BEARER.exec(text);
  if (bearer) hits.push({ what: "a bearer token", found: bearer[0] });
  const query = SECRET_QUERY.exec(text);
  if (query) hits.push({ what: `a credential in a URL (${query[1]}=)`, found: query[0] });
  for (const m of text.matchAll(TOKEN_SHAPED)) {
    if (looksRandom(m[0])) hits.push({ what: "a token-shaped value", found: m[0] });
  }
  for (const m of text.matchAll(TOTP_SECRET_SHAPED)) {
    if (/[A-Z]/.test(m[0]) && /[2-7]/.test(m[0])) hits.push({ what: "an authenticator-app secret", found: m[0] });
  }
  for (const m of text.matchAll(CARD_SHAPED)) {
    const digits = m[0].replace(/[ -]/g, "");
    if (digits.length >= 13 && digits.length <= 19 && luhnValid(digits) && !/^(\d)\1+$/.test(digits)) {
      hits.push({ what: "a card number", found: m[0] });
    }
  }
  return hits;
}

/**
 * A JSON log line: credential fields whose value is not censored, and the text checks on every
 * key and string value (numbers such as "time" and "responseTime" are not card numbers).
 */
function scanJson(value: unknown, at: string, needles: readonly string[], out: { what: string; found: string }[]) {
  if (typeof value === "string") {
    out.push(...scanLineText(value, needles));
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((v, i) => scanJson(v, `${at}[${i}]`, needles, out));
    return;
  }
  if (!value || typeof value !== "object") return;
  for (const [key, v] of Object.entries(value)) {
    const here = at ? `${at}.${key}` : key;
    out.push(...scanLineText(key, needles));
    if (SENSITIVE_KEY.test(key) && v !== null && v !== undefined && typeof v !== "boolean" && !REDACTED_VALUES.has(typeof v === "string" ? v : JSON.stringify(v))) {
      out.push({ what: `an uncensored credential field "${here}"`, found: typeof v === "string" ? v : JSON.stringify(v) });
    }
    scanJson(v, here, needles, out);
  }
}

function scanLine(line: string, needles: readonly string[]) {
  if (line.startsWith("{")) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      return scanLineText(line, needles);
    }
    const hits: { what: string; found: string }[] = [];
    scanJson(parsed, "", needles, hits);
    return hits;
  }
  return scanLineText(line, needles);
}

export function scanText(text: string, file: string, needles: readonly string[]): Finding[] {
  const findings: Finding[] = [];
  const lines = text.split("\n");
  lines.forEach((line, i) => {
    if (!line.trim()) return;
    const hits = scanLine(line, needles);
    const seen = new Set<string>();
    for (const hit of hits) {
      if (seen.has(hit.what)) continue;
      seen.add(hit.what);
      const excerpt = line.length > 240 ? `${line.slice(0, 240)}…` : line;
      findings.push({ file, line: i + 1, what: hit.what, excerpt: excerpt.split(hit.found).join(mask(hit.found)) });
    }
  });
  return findings;
}

/** Every regular file under dir (the run directory holds one log per test file). */
function files(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? files(p) : e.isFile() ? [p] : [];
  });
}

export function scanLogDir(dir: string, needles: readonly string[] = knownTestSecrets()): { files: string[]; findings: Finding[] } {
  const list = files(dir);
  const findings = list.flatMap((f) => scanText(fs.readFileSync(f, "utf8"), path.relative(process.cwd(), f), needles));
  return { files: list, findings };
}

export function formatFindings(findings: Finding[]) {
  return findings.map((f) => `${f.file}:${f.line}: ${f.what}\n    ${f.excerpt}`).join("\n");
}

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");

/**
 * The secrets the tests type: the demo and harness passwords, every literal password in a test
 * source (8 characters or more, with a letter, so "123456" does not match a port number), and the
 * sandbox card numbers. Read from the sources so a new test's password is covered without a list.
 */
export function knownTestSecrets(root = ROOT): string[] {
  const sources = [
    ...files(path.join(root, "server")).filter((f) => /\.test\.ts$/.test(f) || f.endsWith(path.join("testing", "harness.ts"))),
    ...files(path.join(root, "tests")).filter((f) => f.endsWith(".ts")),
    path.join(root, "server/seed/demo.ts"),
  ];
  const found = new Set<string>();
  const literal = /(?:password\w*["']?\s*[:=]\s*|password[^)\n]{0,40}\)\s*\.fill\(\s*)["'`]([^"'`\n$]{8,200})["'`]/gi;
  for (const file of sources) {
    if (!fs.existsSync(file)) continue;
    for (const m of fs.readFileSync(file, "utf8").matchAll(literal)) {
      if (/[A-Za-z]/.test(m[1]) && !m[1].startsWith("$argon2") && m[1] !== "[redacted]") found.add(m[1]);
    }
  }
  for (const card of ["4242424242424242", "4000000000000002", "4000000000009995"]) found.add(card);
  return [...found];
}
