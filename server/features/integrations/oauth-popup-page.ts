/**
 * The page GoHighLevel's redirect lands on, inside the popup. Our CSP forbids inline scripts,
 * so its script is a separate file (OAUTH_POPUP_SCRIPT at /api/integrations/oauth-popup.js): it
 * tells the window that opened the popup how it went (postMessage to our own origin only) and
 * closes the popup. Without an opener it stays, showing the outcome and a Close button.
 */
import { escapeHtml } from "../../http/escape-html";
import { OAUTH_MESSAGE_SOURCE, type IntegrationProvider } from "../../../contract/integrations";
import { DEFAULT_LOCALE, type Locale } from "../../../contract/i18n/locales";
import { localize, messagesFor } from "../../i18n";
import { API } from "../../../contract/api-paths";

export const OAUTH_POPUP_SCRIPT_PATH = API.integrations.oauthPopupScript();

/**
 * Shown in `locale` (the popup's Accept-Language). The message posted to the opener stays in
 * English: the app puts it into the language the member chose there.
 */
export function renderOAuthPopupPage(churchName: string, provider: IntegrationProvider, outcome: { ok: boolean; message: string }, locale: Locale = DEFAULT_LOCALE) {
  const e = escapeHtml;
  const t = messagesFor(locale).integrations;
  const title = outcome.ok ? t.callbackOkTitle : t.callbackFailedTitle;
  const colour = outcome.ok ? "#15803d" : "#b91c1c";
  return `<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer"><title>${e(title)} · ${e(churchName)}</title></head>
<body data-source="${OAUTH_MESSAGE_SOURCE}" data-provider="${e(provider)}" data-ok="${outcome.ok ? "true" : "false"}" data-message="${e(outcome.message)}" style="margin:0;font-family:system-ui,-apple-system,sans-serif;background:#faf7f2;color:#1f1a14">
<main style="max-width:420px;margin:64px auto;padding:0 24px;line-height:1.5;text-align:center">
<h1 style="font-size:22px;margin:0 0 8px;color:${colour}">${e(title)}</h1>
<p style="margin:0 0 24px;font-size:16px">${e(localize(outcome.message, locale))}</p>
<button id="close-window" type="button" style="min-height:44px;padding:0 20px;border-radius:8px;border:1px solid #d6cfc4;background:#fff;font-size:16px">${e(t.closeWindow)}</button>
</main>
<script src="${OAUTH_POPUP_SCRIPT_PATH}"></script>
</body>
</html>`;
}

export const OAUTH_POPUP_SCRIPT = `(function () {
  "use strict";
  var b = document.body;
  var msg = { source: b.getAttribute("data-source"), provider: b.getAttribute("data-provider"), ok: b.getAttribute("data-ok") === "true", message: b.getAttribute("data-message") || "" };
  var button = document.getElementById("close-window");
  if (button) button.addEventListener("click", function () { window.close(); });
  var opener = null;
  try { opener = window.opener; } catch (e) { opener = null; }
  if (!opener) return;
  try { opener.postMessage(msg, window.location.origin); } catch (e) { /* the opener is another site: it only sees the popup close */ }
  setTimeout(function () { window.close(); }, 400);
})();
`;
