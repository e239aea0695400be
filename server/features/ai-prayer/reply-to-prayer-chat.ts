import type { Deps } from "../../deps";
import type { AiPrayerInput, AiPrayerReply } from "../../../contract/ai-prayer";
import { collectReply, type PrayerCompanion } from "../../providers/ai/port";
import { crisisReply, isCrisis } from "./crisis";
import { DEFAULT_LOCALE, type Locale } from "../../../contract/i18n/locales";

/**
 * The crisis rule first, then the companion: words of self-harm or danger in the member's last
 * message are answered with the 988 Lifeline and the church's prayer line, and never sent to a
 * provider. Both answer in the member's language (the request's Accept-Language, which the app
 * sets to the language the member chose).
 */
export function streamPrayerChat(deps: Deps, companion: PrayerCompanion, input: AiPrayerInput, signal?: AbortSignal, locale: Locale = DEFAULT_LOCALE) {
  const last = input.messages[input.messages.length - 1];
  if (isCrisis(last.content)) {
    const text = crisisReply(deps.church.prayerLinePhone, locale);
    return { crisis: true, pieces: (async function* () { yield text; })() };
  }
  return { crisis: false, pieces: companion.stream(input.messages, signal, locale) };
}

/** The same answer, whole (the JSON form of the endpoint). */
export async function replyToPrayerChat(deps: Deps, companion: PrayerCompanion, input: AiPrayerInput, locale: Locale = DEFAULT_LOCALE): Promise<AiPrayerReply> {
  const { crisis, pieces } = streamPrayerChat(deps, companion, input, undefined, locale);
  return { reply: await collectReply(pieces), crisis };
}
