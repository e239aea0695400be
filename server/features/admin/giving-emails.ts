/**
 * Which outbox emails are about one donor's giving (a gift receipt, a stopped recurring gift,
 * round-ups not collected, a refund, a year-end statement), by their subject in any language. The admin outbox shows them whole
 * only to the OWNER and holders of the finance permission: to other staff they would be
 * donor-level giving (a name and an amount; decision 0113).
 */
import { LOCALES } from "../../../contract/i18n/locales";
import { messagesFor } from "../../i18n";

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const MARK = "\u0001";

function subjectPattern(make: (...a: string[]) => string, arity: number) {
  const template = make(...Array.from({ length: arity }, () => MARK));
  return new RegExp(`^${template.split(MARK).map(escapeRe).join(".+?")}$`);
}

const PATTERNS = LOCALES.flatMap((l) => {
  const e = messagesFor(l).email;
  const statement = messagesFor(l).statements.emailSubject as unknown as (...a: string[]) => string;
  return [
    subjectPattern(e.receipt.subject, 2),
    subjectPattern(e.recurringFailed.subject, 2),
    subjectPattern(e.roundUpsNotCollected.subject, 1),
    subjectPattern(e.refund.subject, 2),
    subjectPattern(statement, 2),
  ];
});

export const isGivingEmail = (subject: string) => PATTERNS.some((re) => re.test(subject));

export const HIDDEN_GIVING_EMAIL = "[hidden: giving details need the finance permission]";
