/**
 * A year-end statement's content, in one place for the member's printable page
 * (get-giving-statement.ts), the PDF (statement-pdf.ts) and the email (send-statements.ts):
 * the church as the statement names it (its legal name, address and tax statement from Admin →
 * Church, decision 0121, else its name, address and the standard sentence), the donor, the
 * year's completed gifts and their total.
 */
import type { Church } from "../../../contract/church";
import { formatAddress } from "../../../contract/church";
import { GIVING_TEXT } from "../../../contract/giving";
import type { Locale } from "../../../contract/i18n/locales";
import { localize } from "../../i18n";
import type { StatementLineRow } from "./statement-donors";

export interface StatementChurch {
  name: string;
  address: string;
  phone: string | null;
  email: string | null;
  /** The tax statement in the reader's language. */
  taxStatement: string;
}

/**
 * The church as a statement in `locale` names it. The tax statement: the church's own in that
 * language, else its English one, else the standard "no goods or services" sentence (in
 * English when `translate` is false: the client translates our own texts on screen).
 */
export function statementChurch(church: Church, locale: Locale, translate = true): StatementChurch {
  const own = locale === "es" ? church.taxStatementEs || church.taxStatement : church.taxStatement;
  return {
    name: church.legalName || church.name,
    address: church.legalAddress || formatAddress(church.address),
    phone: church.phone,
    email: church.email,
    taxStatement: own || (translate ? localize(GIVING_TEXT.noGoodsOrServices, locale) : GIVING_TEXT.noGoodsOrServices),
  };
}

export interface StatementData {
  year: number;
  church: StatementChurch;
  donor: { name: string; email: string | null };
  lines: readonly StatementLineRow[];
  totalCents: number;
  /** When it was made, and that day on the church's calendar (YYYY-MM-DD). */
  issuedAt: Date;
  issuedOn: string;
}

/** What the church kept: each line's amount less its refunded part (decision 0119). */
export const totalOf = (lines: readonly StatementLineRow[]) => lines.reduce((sum, l) => sum + l.amount_cents - l.refunded_cents, 0);
