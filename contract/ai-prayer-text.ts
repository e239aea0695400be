/**
 * The Prayer Companion's limits and texts without zod (decision 0072): the message files
 * (contract/i18n) take them from here, and contract/ai-prayer.ts re-exports everything.
 */
import type { Locale } from "./i18n/locales";

/** The prayer companion (/ai-prayer). */
export const AI_MESSAGES_MAX = 20;
export const AI_MESSAGE_MAX = 2000;

export const AI_PRAYER_TEXT = {
  notice:
    "This companion is not a pastor, counselor or emergency service. It offers scripture and a short guided prayer. For care, reach out to our church; in a crisis, call or text 988.",
  empty: "Please write a message",
  tooLong: `Messages must be less than ${AI_MESSAGE_MAX} characters`,
  tooMany: `A conversation holds at most ${AI_MESSAGES_MAX} messages`,
  failed: "The companion could not answer just now. Please try again.",
  /** Appended when the AI endpoint breaks off mid-answer, before the offline verse and prayer. */
  interrupted: "(The companion was interrupted, so here is a verse and a prayer for you instead.)",
  /** Shown when the connection to our own server drops mid-answer. */
  cutOff: "The answer was cut off. Please check your connection and send your message again.",
  writing: "The companion is writing...",
  stop: "Stop",
  toRequest: "Turn this into a prayer request",
} as const;

/**
 * What the "Text 988" button writes for the member, by language: the 988 Lifeline answers a text
 * in Spanish when it says AYUDA. None in English (the member writes their own).
 */
export const CRISIS_TEXT_BODY: Partial<Record<Locale, string>> = { es: "AYUDA" };
