/**
 * An urgent prayer request is flagged to staff three ways: it is first on the wall for staff with
 * an Urgent badge, staff with the app open get the 'Urgent Prayer Request' toast (new-prayer
 * carries isUrgent), and the church's own address (church config `email`) gets an email, so a
 * pastor hears of it even when no one has the app open. The email never names the author of an
 * anonymous request. The caller logs a failed send; it never undoes the request.
 */
import type { Deps } from "../../deps";
import { escapeHtml } from "../../http/escape-html";
import type { PrayerRequestData } from "../../../contract/prayer";

export function renderUrgentPrayerEmail(deps: Pick<Deps, "church" | "config">, input: PrayerRequestData, authorName: string | null) {
  const from = input.isAnonymous || !authorName ? "Shared anonymously" : `From ${authorName}`;
  const link = `${deps.config.publicUrl}/prayer`;
  const subject = `Urgent prayer request: ${input.title}`;
  const text = [
    `An urgent prayer request was shared in the ${deps.church.name} app.`,
    "",
    input.title,
    `${input.category} · ${from}`,
    "",
    input.description,
    "",
    `It is at the top of the prayer wall for staff: ${link}`,
  ].join("\n");
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="margin:0;padding:24px;background:#faf7f2;font-family:Georgia,serif;color:#1f1a14">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:28px">
<p style="margin:0 0 12px;color:#b91c1c;font-weight:bold">Urgent prayer request</p>
<h1 style="margin:0 0 8px;font-size:22px">${e(input.title)}</h1>
<p style="margin:0 0 16px;color:#6b6259">${e(input.category)} · ${e(from)}</p>
<p style="margin:0 0 20px;white-space:pre-line">${e(input.description)}</p>
<p style="margin:0"><a href="${e(link)}">Open the prayer wall</a></p>
</div></body></html>`;
  return { subject, text, html };
}

export async function notifyUrgentPrayer(deps: Deps, input: PrayerRequestData, authorName: string) {
  if (!input.isUrgent || !deps.church.email) return;
  await deps.email.send({ to: deps.church.email, ...renderUrgentPrayerEmail(deps, input, authorName) });
}
