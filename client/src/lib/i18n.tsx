/**
 * The member's language on this device: their choice (Profile, kept in localStorage), else the
 * first of the browser's languages the app speaks, else English (contract/i18n/locales.ts).
 * Screens read their texts with `useI18n().m`; toasts and form messages that arrive in English
 * (shared schemas, server answers) are put into the language by `localize`. Every API call
 * carries the language as Accept-Language, so the server answers errors in it too.
 */
import { Fragment, createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { DEFAULT_LOCALE, INTL_LOCALE, isLocale, matchLocale, type Locale } from "@contract/i18n/locales";
import { hasMessages, localize, messagesFor, type Messages } from "@contract/i18n/messages";

export const LANGUAGE_KEY = "language";

function initialLocale(): Locale {
  try {
    const chosen = localStorage.getItem(LANGUAGE_KEY);
    if (isLocale(chosen)) return chosen;
  } catch {
    /* storage blocked: follow the browser */
  }
  return typeof navigator === "undefined" ? DEFAULT_LOCALE : matchLocale(navigator.languages?.length ? navigator.languages : [navigator.language]);
}

/** Each language's file, fetched when it is first chosen (English, the source, is always here). */
const LOADERS: Record<Exclude<Locale, "en">, () => Promise<unknown>> = { es: () => import("@contract/i18n/es") };

/** Loads `locale`'s texts if they are not here yet (main.tsx waits for it before the first render). */
export function loadLocale(locale: Locale): Promise<void> {
  if (locale === "en" || hasMessages(locale)) return Promise.resolve();
  return LOADERS[locale]().then(() => undefined);
}

let current: Locale = initialLocale();
/** The language now in use, for code outside React (the API client, formatting). */
export const currentLocale = () => current;
export const currentIntlLocale = () => INTL_LOCALE[current];
/** An English text in the current language (unchanged when it is not one of the app's texts). */
export const tr = <T,>(text: T): T => (typeof text === "string" ? (localize(text, current) as T) : text);

type I18n = { locale: Locale; m: Messages; setLocale: (l: Locale) => void };
const I18nContext = createContext<I18n>({ locale: current, m: messagesFor(current), setLocale: () => {} });

export function I18nProvider({ children }: { children: ReactNode }) {
  const [locale, setState] = useState<Locale>(current);
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  const setLocale = useCallback((l: Locale) => {
    try {
      localStorage.setItem(LANGUAGE_KEY, l);
    } catch {
      /* the choice lasts this visit */
    }
    // The screen changes once the language's texts are here (they are precached for offline use).
    void loadLocale(l).then(() => {
      current = l;
      setState(l);
    });
  }, []);
  const value = useMemo(() => ({ locale, m: messagesFor(locale), setLocale }), [locale, setLocale]);
  // Keyed by language: every screen renders again in the new language, including texts
  // computed outside React (toasts already shown keep theirs).
  return (
    <I18nContext.Provider value={value}>
      <LocaleKeyed locale={locale}>{children}</LocaleKeyed>
    </I18nContext.Provider>
  );
}

const LocaleKeyed = ({ locale, children }: { locale: Locale; children: ReactNode }) => <Fragment key={locale}>{children}</Fragment>;

export const useI18n = () => useContext(I18nContext);
