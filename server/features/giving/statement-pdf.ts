/**
 * A donor's year-end statement as a PDF (decision 0121), made with pdfkit and its standard
 * fonts (Helvetica: nothing embedded, so a statement is a few kilobytes; its WinAnsi encoding
 * covers English and Spanish). Letter size, in the donor's language: the church as it names
 * itself on statements, the donor, every completed gift of the year (date, fund and under it
 * how it was paid, in paidWithGift's words as on the printable page; type; amount), the total
 * and the tax statement. The document's dates come from the statement, not
 * the clock, so the same statement makes the same file.
 */
import PDFDocument from "pdfkit";
import { formatCents } from "../../../contract/money";
import { FREQUENCY_LABELS, GIVING_TEXT } from "../../../contract/giving";
import { INTL_LOCALE, type Locale } from "../../../contract/i18n/locales";
import { localize, messagesFor } from "../../i18n";
import { fundName } from "../../shared/money/funds";
import { paidWithGift } from "../../shared/money/paid-with";
import type { StatementData } from "./statement-model";

const INK = "#1f1a14";
const MUTED = "#6b6259";
const RULE = "#d6cfc6";
const MARGIN = 54;

const dateFormats = new Map<string, Intl.DateTimeFormat>();
/** A church-zone calendar date (YYYY-MM-DD) in the reader's words ("Dec 31, 2025", "31 dic 2025"). */
function formatDay(date: string, locale: Locale) {
  let f = dateFormats.get(locale);
  if (!f) dateFormats.set(locale, (f = new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: "medium", timeZone: "UTC" })));
  return f.format(new Date(`${date}T00:00:00Z`));
}

export function renderStatementPdf(s: StatementData, locale: Locale): Promise<Buffer> {
  const t = messagesFor(locale).statements;
  const doc = new PDFDocument({
    size: "LETTER",
    margin: MARGIN,
    compress: true,
    info: { Title: t.pdfTitle(s.year), Author: s.church.name, Subject: s.donor.name, CreationDate: s.issuedAt },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const col = { date: left, fund: left + 95, kind: left + 300, amount: left + width - 110 };

  // The church, as it names itself on statements.
  doc.fillColor(INK).font("Helvetica-Bold").fontSize(15).text(s.church.name, left, MARGIN, { width });
  doc.font("Helvetica").fontSize(10).fillColor(MUTED);
  for (const line of s.church.address.split("\n")) if (line.trim()) doc.text(line.trim(), { width });
  const contact = [s.church.phone, s.church.email].filter(Boolean).join("  ·  ");
  if (contact) doc.text(contact, { width });

  doc.moveDown(1.5).fillColor(INK).font("Helvetica-Bold").fontSize(20).text(t.pdfTitle(s.year), { width });
  doc.moveDown(0.6).font("Helvetica").fontSize(11).fillColor(MUTED).text(t.pdfDonor, { width });
  doc.fillColor(INK).font("Helvetica-Bold").text(s.donor.name, { width });
  if (s.donor.email) doc.font("Helvetica").text(s.donor.email, { width });
  doc.moveDown(1);

  const header = () => {
    const y = doc.y;
    doc.font("Helvetica-Bold").fontSize(10).fillColor(MUTED);
    doc.text(t.pdfDate, col.date, y, { width: 90 });
    doc.text(t.pdfFund, col.fund, y, { width: 200 });
    doc.text(t.pdfKind, col.kind, y, { width: 130 });
    doc.text(t.pdfAmount, col.amount, y, { width: 110, align: "right" });
    doc.moveTo(left, doc.y + 3).lineTo(left + width, doc.y + 3).strokeColor(RULE).lineWidth(0.75).stroke();
    doc.y += 8;
  };

  if (s.lines.length === 0) {
    doc.font("Helvetica").fontSize(11).fillColor(INK).text(t.pdfNoGifts, left, doc.y, { width });
  } else {
    header();
    doc.font("Helvetica").fontSize(10).fillColor(INK);
    for (const line of s.lines) {
      if (doc.y > doc.page.height - MARGIN - 60) {
        doc.addPage();
        header();
        doc.font("Helvetica").fontSize(10).fillColor(INK);
      }
      const y = doc.y;
      const kind = localize(line.frequency ? FREQUENCY_LABELS[line.frequency] : GIVING_TEXT.oneTime, locale);
      doc.text(formatDay(line.date, locale), col.date, y, { width: 90, lineBreak: false });
      doc.text(fundName({ nameEn: line.fund_name_en, nameEs: line.fund_name_es }, locale), col.fund, y, { width: 200, lineBreak: false, ellipsis: true });
      doc.text(kind, col.kind, y, { width: 130, lineBreak: false });
      doc.text(formatCents(line.amount_cents - line.refunded_cents, INTL_LOCALE[locale]), col.amount, y, { width: 110, align: "right", lineBreak: false });
      // How it was paid ("Visa ending 4242", "Cash", "Check #1234", "Bank transfer"), small, under the fund.
      const paid = paidWithGift({ method: line.method, cardBrand: line.card_brand, cardLastFour: line.card_last_four, checkNumber: line.check_number }, locale);
      doc.fontSize(8.5).fillColor(MUTED).text(paid, col.fund, y + 12, { width: 200, lineBreak: false, ellipsis: true });
      doc.fontSize(10).fillColor(INK);
      doc.y = y + 26;
    }
  }
  doc.moveTo(left, doc.y + 2).lineTo(left + width, doc.y + 2).strokeColor(RULE).lineWidth(0.75).stroke();
  doc.y += 10;
  const totalY = doc.y;
  doc.font("Helvetica-Bold").fontSize(12).fillColor(INK).text(t.pdfTotal, left, totalY, { width: width - 120, lineBreak: false });
  doc.text(formatCents(s.totalCents, INTL_LOCALE[locale]), col.amount, totalY, { width: 110, align: "right", lineBreak: false });
  doc.y = totalY + 30;

  doc.font("Helvetica").fontSize(10).fillColor(INK).text(s.church.taxStatement, left, doc.y, { width });
  doc.moveDown(1).fillColor(MUTED).fontSize(9).text(t.pdfIssued(formatDay(s.issuedOn, locale)), { width });
  doc.end();
  return done;
}
