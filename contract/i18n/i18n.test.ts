import { describe, expect, it } from "vitest";
import { en } from "./en";
import { hasMessages, leaves, localize, messagesFor } from "./messages";
import "./es";
import { LOCALES, localeFromAcceptLanguage, matchLocale, parseAcceptLanguage } from "./locales";
import { AUTH_TEXT } from "../auth";
import { ZLogin, ZRegister } from "../auth";

const SAMPLE = [3, 7, 11];
/**
 * Keys whose Spanish is rightly the English text (a word written the same in both, such as
 * "Error"). One line each, sorted, with the reason where it is not obvious.
 */
const SAME_IN_SPANISH = new Set<string>([
  "companion.errorTitle",
  "invite.errorTitle", // "Error" is Spanish too
  "funds.total", // "Total" is Spanish too
  "media.comments.errorTitle",
  "media.notes.errorTitle",
  "media.tabs.videos", // "Videos" is Spanish too
  "announcements.push", // "Push", as the Profile's push card calls it
  "notifications.disableFailed.title",
  "notifications.permissionError.title",
  "notifications.preferenceFailed.title",
  "prayer.errorTitle",
  "visitorForm.errorTitle",
  "wallet.removeFailedTitle",
]);
const placeholders = (s: string) => (s.match(/\d+/g) ?? []).sort();

describe("message files", () => {
  const english = leaves(en);

  it.each(LOCALES.filter((l) => l !== "en"))("%s has every English key and no other, each of the same kind", (locale) => {
    const other = leaves(messagesFor(locale));
    expect(other.map(([k]) => k)).toEqual(english.map(([k]) => k));
    const kinds = new Map(other.map(([k, v]) => [k, typeof v === "function" ? `fn/${v.length}` : "text"]));
    for (const [k, v] of english) expect(kinds.get(k), k).toBe(typeof v === "function" ? `fn/${v.length}` : "text");
  });

  it.each(LOCALES)("%s has no empty text, and its functions keep the numbers they are given", (locale) => {
    for (const [key, v] of leaves(messagesFor(locale))) {
      if (typeof v === "string") {
        expect(v.trim(), key).not.toBe("");
        continue;
      }
      const args = SAMPLE.slice(0, v.length);
      const out = (v as (...a: number[]) => string)(...args);
      expect(out.trim(), key).not.toBe("");
      for (const n of args) expect(out, `${key} drops ${n}`).toContain(String(n));
    }
  });

  it("Spanish texts keep the numbers of their English texts (limits such as 6 or 200 characters)", () => {
    const es = new Map(leaves(messagesFor("es")));
    for (const [key, v] of english) if (typeof v === "string") expect(placeholders(es.get(key) as string), key).toEqual(placeholders(v));
  });

  it("one English text has one translation, so localize is never ambiguous", () => {
    const seen = new Map<string, string>();
    const es = new Map(leaves(messagesFor("es")));
    for (const [key, v] of english) {
      if (typeof v !== "string") continue;
      const t = es.get(key) as string;
      if (seen.has(v)) expect(t, `${key}: "${v}" is translated two ways`).toBe(seen.get(v));
      else seen.set(v, t);
    }
  });

  it("Spanish is really translated: an English text left as it was is a mistake, unless it is listed as the same in Spanish", () => {
    const es = new Map(leaves(messagesFor("es")));
    const same = english.filter(([k, v]) => typeof v === "string" && es.get(k) === v).map(([k]) => k);
    expect(same.filter((k) => !SAME_IN_SPANISH.has(k))).toEqual([]);
    // A key listed here that is now translated (or gone) is stale: take it off the list.
    expect([...SAME_IN_SPANISH].filter((k) => !same.includes(k))).toEqual([]);
  });
});

describe("localize", () => {
  it("returns English unchanged and an unknown text unchanged", () => {
    expect(localize(AUTH_TEXT.signInFailed, "en")).toBe("Sign in failed");
    expect(localize("Pray for my mother", "es")).toBe("Pray for my mother");
    expect(localize(undefined, "es")).toBeUndefined();
  });

  it("puts a spec text into Spanish", () => {
    expect(localize(AUTH_TEXT.signInFailed, "es")).toBe(messagesFor("es").auth.signInFailed);
    expect(localize("Invalid email or password", "es")).toBe("Correo electrónico o contraseña incorrectos");
  });

  it("translates the messages of the shared schemas, including the generic ones with numbers", () => {
    const login = ZLogin.safeParse({ email: "nope", password: "" });
    const register = ZRegister.safeParse({ firstName: "", lastName: "Ruiz", email: "a@b.co", password: "x" });
    const messages = [...(login.error?.issues ?? []), ...(register.error?.issues ?? [])].map((i) => localize(i.message, "es"));
    expect(messages).toEqual(["Correo electrónico no válido", "La contraseña es obligatoria", "El nombre es obligatorio", "La contraseña debe tener al menos 6 caracteres"]);
    expect(localize("String must contain at least 12 character(s)", "es")).toBe("Debe tener al menos 12 carácter(es)");
    expect(localize("Acme Church, home", "es")).toBe("Acme Church, inicio");
  });
});

describe("numbers inside a text", () => {
  it("keeps a check number's leading zeros (issue 19): text end to end, also in Spanish", () => {
    expect(localize("Check #0012", "es")).toBe("Cheque n.º 0012");
    expect(localize("Check #12", "es")).toBe("Cheque n.º 12");
    expect(localize("Check #007-A", "es")).toBe("Cheque n.º 007-A");
  });
});

describe("choosing the language", () => {
  it("follows the first language we speak, by quality", () => {
    expect(parseAcceptLanguage("fr-CA, es-MX;q=0.8, en;q=0.9")).toEqual(["fr-CA", "en", "es-MX"]);
    expect(localeFromAcceptLanguage("fr-CA, es-MX;q=0.8, en;q=0.9")).toBe("en");
    expect(localeFromAcceptLanguage("es-419,es;q=0.9")).toBe("es");
    expect(localeFromAcceptLanguage("de, es;q=0")).toBe("en");
    expect(localeFromAcceptLanguage(undefined)).toBe("en");
    expect(matchLocale(["pt-BR", "ES_us"])).toBe("es");
  });
});

describe("loading a language", () => {
  it("every language this app speaks is loaded once its file is imported", () => {
    for (const l of LOCALES) expect(hasMessages(l), l).toBe(true);
  });
});
