/**
 * The server speaks every language the app has: importing this module registers them all
 * (contract/i18n/messages.ts loads only English by itself, so a phone downloads only the
 * language its member reads). Server code takes `messagesFor` and `localize` from here, never
 * from contract/i18n/messages directly, so an email rendered outside a running app (a job, a
 * test) is never silently in English.
 */
import "../contract/i18n/es";

export { localize, messagesFor } from "../contract/i18n/messages";
