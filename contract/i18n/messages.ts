/**
 * The app's texts in every language, and `localize`, which puts an English text into the
 * member's language.
 *
 * `en.ts` is the source: it holds the spec's texts exactly as written (most of them by
 * reference to the `*_TEXT` constants next to the schemas that use them) and the app's own.
 * Every other language file has the same shape (`Messages`), so the compiler refuses a missing
 * key, and `i18n.test.ts` checks the rest (no empty text, the same placeholders, one
 * translation per English text).
 *
 * Two ways to use them:
 * - `messagesFor(locale).auth.signInFailed` where a screen writes its own text;
 * - `localize(text, locale)` where a text arrives already made in English: a validation
 *   message from a shared zod schema, a server error, a toast. The toast and the form field
 *   localize what they show, and the server localizes its error answers by Accept-Language,
 *   so one English source serves both sides. A text that is not in `en` (a member's own
 *   words, a church's name) is returned unchanged.
 */
import { DEFAULT_LOCALE, type Locale } from "./locales";
import { en } from "./en";

type Fn = (...args: never[]) => string;
/** A message file's shape: the English file's keys with any text in place of its texts. */
export type Widen<T> = T extends string ? string : T extends (...a: infer A) => string ? (...a: A) => string : { readonly [K in keyof T]: Widen<T[K]> };
export type Messages = Widen<typeof en>;

/**
 * The languages loaded so far. English, the source, always; another language registers itself
 * when its file is imported (`import "contract/i18n/es"`): the server imports every language
 * (server/i18n.ts, where server code takes its messages), the client only the one the member reads, when it is chosen
 * (client/src/lib/i18n.tsx), so an English phone never downloads the Spanish texts.
 */
const MESSAGES: Partial<Record<Locale, Messages>> = { en };
export function registerMessages(locale: Locale, messages: Messages) {
  MESSAGES[locale] = messages;
  lookups.delete(locale);
}
export const hasMessages = (locale: Locale) => MESSAGES[locale] !== undefined;
/** The texts of `locale`, or English while that language is not loaded. */
export const messagesFor = (locale: Locale): Messages => MESSAGES[locale] ?? en;

type Leaf = string | Fn;
/** Every text of a message file with its dotted key, in a stable order. */
export function leaves(m: unknown, prefix = ""): [string, Leaf][] {
  if (typeof m === "string" || typeof m === "function") return [[prefix, m as Leaf]];
  const out: [string, Leaf][] = [];
  for (const [k, v] of Object.entries(m as Record<string, unknown>)) out.push(...leaves(v, prefix ? `${prefix}.${k}` : k));
  return out;
}

const SENTINEL = (i: number) => `\u0001${i}\u0001`;
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

type Pattern = { re: RegExp; target: Fn };
type Lookup = { exact: Map<string, Leaf>; patterns: Pattern[] };
const lookups = new Map<Locale, Lookup>();

/** English text -> the other language's message, built once per language on first use. */
function lookupFor(locale: Locale): Lookup {
  let l = lookups.get(locale);
  if (l) return l;
  const target = new Map(leaves(messagesFor(locale)));
  l = { exact: new Map(), patterns: [] };
  for (const [key, source] of leaves(en)) {
    const t = target.get(key);
    if (t === undefined) continue;
    if (typeof source === "string") {
      if (!l.exact.has(source)) l.exact.set(source, t);
      continue;
    }
    const fn = source as (...a: unknown[]) => string;
    const arity = fn.length;
    // A message made by a function is found by its shape: called with markers, its English
    // output becomes a pattern whose captures are handed to the translation. A count of 1 often
    // reads differently (singular), so that output is known exactly too.
    const template = fn(...Array.from({ length: arity }, (_, i) => SENTINEL(i)));
    let re = escapeRe(template);
    for (let i = 0; i < arity; i++) re = re.replace(escapeRe(SENTINEL(i)), "(.+?)");
    if (arity > 0 && re !== escapeRe(template)) l.patterns.push({ re: new RegExp(`^${re}$`), target: t as Fn });
    if (arity === 1 && typeof t === "function") {
      const one = fn(1);
      if (!l.exact.has(one)) l.exact.set(one, (t as (n: number) => string)(1));
    }
  }
  lookups.set(locale, l);
  return l;
}

/** `text` in `locale` if it is one of the English texts (or made by an English message function), else `text`. */
export function localize(text: string, locale: Locale): string;
export function localize(text: string | undefined, locale: Locale): string | undefined;
export function localize(text: string | undefined, locale: Locale): string | undefined {
  if (!text || locale === DEFAULT_LOCALE || !hasMessages(locale)) return text;
  const l = lookupFor(locale);
  const hit = l.exact.get(text);
  if (typeof hit === "string") return hit;
  for (const p of l.patterns) {
    const m = p.re.exec(text);
    // A captured number is handed on as a number only when that loses nothing: a check number
    // "0012" stays the text it is (issue 19: "Check #0012" is "Cheque n.º 0012", never 12).
    if (m) return (p.target as (...a: unknown[]) => string)(...m.slice(1).map((v) => (/^-?\d+(\.\d+)?$/.test(v) && String(Number(v)) === v ? Number(v) : v)));
  }
  return text;
}
