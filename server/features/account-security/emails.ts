/**
 * The emails of Profile → Sign-in and security, each in the member's language, in the one
 * layout. None carries a secret except the confirmation link to the new address (sent
 * `sensitive`, so the outbox hides it from staff: decision 0004).
 */
import { renderEmail } from "../../shared/email/layout";
import { messagesFor } from "../../i18n";
import type { Locale } from "../../../contract/i18n/locales";
import { EMAIL_CHANGE_TTL_HOURS } from "../../../contract/account-security-text";

type Base = { churchName: string; accent: string; locale: Locale; publicUrl: string };

/** To the member after their password changed: no password, and a way out if it was not them. */
export function renderPasswordChangedEmail(d: Base & { firstName: string }) {
  const m = messagesFor(d.locale).email.passwordChanged;
  return renderEmail({
    locale: d.locale,
    subject: m.subject(d.churchName),
    accent: d.accent,
    blocks: [
      { paragraph: m.hello(d.firstName) },
      { paragraph: m.done(d.churchName) },
      { paragraph: m.notYou },
      { button: m.button, href: `${d.publicUrl}/auth/forgot-password` },
    ],
  });
}

/** To the NEW address: the single-use link. */
export function renderEmailChangeConfirm(d: Base & { firstName: string; link: string }) {
  const m = messagesFor(d.locale).email.emailChangeConfirm;
  return renderEmail({
    locale: d.locale,
    subject: m.subject(d.churchName),
    accent: d.accent,
    blocks: [
      { paragraph: m.hello(d.firstName) },
      { paragraph: [m.asked(d.churchName), m.within(EMAIL_CHANGE_TTL_HOURS)] },
      { button: m.button, href: d.link },
      { paragraph: m.ignore, small: true, muted: true },
    ],
  });
}

/** To the NEW address when it already has an account: a note, no link, no name (it is someone else's inbox). */
export function renderEmailChangeTaken(d: Base) {
  const m = messagesFor(d.locale).email.emailChangeTaken;
  return renderEmail({
    locale: d.locale,
    subject: m.subject(d.churchName),
    accent: d.accent,
    blocks: [{ paragraph: m.text(d.churchName) }, { paragraph: m.next }],
  });
}

/** To the OLD address when a change is asked: which address, never the link. */
export function renderEmailChangeRequested(d: Base & { firstName: string; newEmail: string }) {
  const m = messagesFor(d.locale).email.emailChangeRequested;
  return renderEmail({
    locale: d.locale,
    subject: m.subject(d.churchName),
    accent: d.accent,
    blocks: [{ paragraph: m.hello(d.firstName) }, { paragraph: m.asked(d.newEmail) }, { paragraph: m.notYou, small: true, muted: true }],
  });
}

/** To the OLD address once the new one is confirmed. */
export function renderEmailChanged(d: Base & { firstName: string; newEmail: string }) {
  const m = messagesFor(d.locale).email.emailChanged;
  return renderEmail({
    locale: d.locale,
    subject: m.subject(d.churchName),
    accent: d.accent,
    blocks: [{ paragraph: m.hello(d.firstName) }, { paragraph: m.done(d.newEmail) }, { paragraph: m.notYou, small: true, muted: true }],
  });
}
