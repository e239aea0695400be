/**
 * The one layout of every email the server sends (receipts, a stopped recurring gift, round-ups
 * not collected, the daily journey, an urgent prayer, a password reset): a card on a warm page,
 * in the member's language, with its plain-text twin made from the same blocks. Every word and
 * link is escaped here, so an email's own code only says what it says, never how.
 *
 * The plain text is each block's words, blocks apart by a blank line. A block's `text` replaces
 * its words in the plain text (a link spelled out, say) and `null` leaves it out (a heading
 * the text does not repeat); `plain` is a block of the text alone.
 */
import { escapeHtml as e } from "../../http/escape-html";
import type { Locale } from "../../../contract/i18n/locales";

const INK = "#1f1a14";
const MUTED = "#6b6259";
/** The app's own amber, for a button when the email gives no church colour. */
const AMBER = "#b45309";

type Words = {
  /** In the plain text instead of the block's words; null: not in the plain text. */
  text?: string | null;
};

export type EmailBlock = Words &
  (
    | { heading: string }
    /** A short line above the heading (what kind of email, which day); `urgent` in red. */
    | { eyebrow: string; urgent?: boolean }
    /** One paragraph; several lines are kept apart (a line break). */
    | { paragraph: string | readonly string[]; small?: boolean; muted?: boolean; keepLineBreaks?: boolean }
    /** Numbered steps, after a bold lead-in line. */
    | { steps: readonly string[]; lead: string }
    /** Label and value, one pair a row (amount, date, reference). */
    | { facts: readonly (readonly [string, string])[] }
    | { quote: string }
    /** A button, with an optional few words beside it. Plain text: the words and the address. */
    | { button: string; href: string; beside?: string }
    | { link: string; href: string }
    /** The closing lines (thanks, the church's name and address). */
    | { signOff: readonly string[] }
    /** Words of the plain text alone. */
    | { plain: string }
  );

export interface Email {
  locale: Locale;
  subject: string;
  blocks: readonly EmailBlock[];
  /** Small print under the card (why this email comes, how to stop it). */
  footer?: Words & { words: string; link?: { label: string; href: string } };
  /** The church's colour (config accentColor), for buttons. */
  accent?: string;
}

const lines = (v: string | readonly string[]) => (typeof v === "string" ? [v] : v);

function blockHtml(b: EmailBlock, accent: string): string {
  if ("heading" in b) return `<h1 style="margin:0 0 16px;font-size:24px;line-height:1.25">${e(b.heading)}</h1>`;
  if ("eyebrow" in b) {
    const tone = b.urgent ? "color:#b91c1c;font-weight:bold" : "font-size:13px;letter-spacing:.05em;text-transform:uppercase;color:#8a6a3b";
    return `<p style="margin:0 0 8px;${tone}">${e(b.eyebrow)}</p>`;
  }
  if ("paragraph" in b) {
    const style = [
      "margin:0 0 16px;line-height:1.6",
      b.small && "font-size:14px",
      b.muted && `color:${MUTED}`,
      b.keepLineBreaks && "white-space:pre-line",
    ].filter(Boolean);
    return `<p style="${style.join(";")}">${lines(b.paragraph).map(e).join("<br>")}</p>`;
  }
  if ("steps" in b)
    return (
      `<p style="margin:0 0 8px;font-weight:bold">${e(b.lead)}</p>\n` +
      `<ol style="margin:0 0 20px;padding-left:20px;line-height:1.6">${b.steps.map((s) => `<li>${e(s)}</li>`).join("")}</ol>`
    );
  if ("facts" in b) {
    const rows = b.facts.map(
      ([k, v]) => `<tr><td style="padding:6px 0;color:${MUTED}">${e(k)}</td><td style="padding:6px 0;text-align:right;font-weight:bold">${e(v)}</td></tr>`,
    );
    return `<table role="presentation" style="width:100%;border-collapse:collapse;margin:0 0 20px">\n${rows.join("\n")}\n</table>`;
  }
  if ("quote" in b)
    return `<blockquote style="margin:0 0 20px;padding:12px 16px;border-left:4px solid ${AMBER};background:#fdf6ec;font-style:italic">${e(b.quote)}</blockquote>`;
  if ("button" in b) {
    const button = `<a href="${e(b.href)}" style="display:inline-block;margin-right:10px;padding:12px 20px;border-radius:8px;background:${e(accent)};color:#ffffff;text-decoration:none;font-family:Arial,sans-serif;font-weight:bold">${e(b.button)}</a>`;
    return `<p style="margin:0 0 24px;font-size:14px;color:${MUTED}">${button}${b.beside ? e(b.beside) : ""}</p>`;
  }
  if ("link" in b) return `<p style="margin:0 0 20px"><a href="${e(b.href)}">${e(b.link)}</a></p>`;
  if ("signOff" in b) return `<p style="margin:24px 0 0;font-size:14px;color:${MUTED}">${b.signOff.map(e).join("<br>")}</p>`;
  return "";
}

function blockText(b: EmailBlock): string | null {
  if (b.text !== undefined) return b.text;
  if ("heading" in b) return b.heading;
  if ("eyebrow" in b) return b.eyebrow;
  if ("paragraph" in b) return lines(b.paragraph).join("\n");
  if ("steps" in b) return [b.lead, ...b.steps.map((s, i) => `${i + 1}. ${s}`)].join("\n");
  if ("facts" in b) return b.facts.map(([k, v]) => `${k}: ${v}`).join("\n");
  if ("quote" in b) return b.quote;
  if ("button" in b) return `${b.button}: ${b.href}`;
  if ("link" in b) return `${b.link}: ${b.href}`;
  if ("signOff" in b) return b.signOff.join("\n");
  return b.plain;
}

/** The email's subject, plain text and HTML, every word escaped. */
export function renderEmail(m: Email): { subject: string; text: string; html: string } {
  const accent = m.accent ?? AMBER;
  const f = m.footer;
  const text = [...m.blocks.map(blockText), f && (f.text !== undefined ? f.text : f.words)].filter((t): t is string => typeof t === "string").join("\n\n");
  const body = m.blocks
    .map((b) => blockHtml(b, accent))
    .filter(Boolean)
    .join("\n");
  const footer = f
    ? `\n<p style="max-width:560px;margin:16px auto 0;font-size:12px;color:${MUTED};text-align:center">${e(f.words)}${f.link ? ` <a href="${e(f.link.href)}" style="color:${MUTED}">${e(f.link.label)}</a>` : ""}</p>`
    : "";
  const html = `<!doctype html>
<html lang="${m.locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(m.subject)}</title></head>
<body style="margin:0;padding:24px;background:#faf7f2;font-family:Georgia,serif;color:${INK}">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:28px">
${body}
</div>${footer}
</body>
</html>`;
  return { subject: m.subject, text, html };
}
