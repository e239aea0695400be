/**
 * The languages the app speaks, and how a member's language is chosen: their own choice
 * (Profile), else the first of the browser's languages we speak, else English. The server does
 * the same with Accept-Language, which the client sets to the member's language on every call.
 */
export const LOCALES = ["en", "es"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** Each language named in itself, for the language picker. */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", es: "Español" };

/**
 * The Intl locale for dates, times, numbers and money. Spanish is formatted as in the United
 * States (es-US): the church gives in dollars and keeps its clock in its own time zone.
 */
export const INTL_LOCALE: Record<Locale, string> = { en: "en-US", es: "es-US" };

export const isLocale = (v: unknown): v is Locale => typeof v === "string" && (LOCALES as readonly string[]).includes(v);

/** The first language tag (e.g. "es-MX", "en") whose primary subtag we speak; else English. */
export function matchLocale(tags: readonly string[]): Locale {
  for (const tag of tags) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLocale(primary)) return primary;
  }
  return DEFAULT_LOCALE;
}

/** An Accept-Language header's tags, most preferred first (q=0 dropped). */
export function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(",")
    .slice(0, 20)
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), i };
    })
    .filter((t) => t.tag && t.tag !== "*" && t.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((t) => t.tag);
}

export const localeFromAcceptLanguage = (header: string | undefined) => matchLocale(parseAcceptLanguage(header));
