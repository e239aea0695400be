import type { Deps } from "../../deps";
import type { AiPrayerInput, AiPrayerReply } from "../../../contract/ai-prayer";
import type { PrayerCompanion } from "../../providers/ai/port";
import { crisisReply, isCrisis } from "./crisis";

/** The crisis rule first, then the companion. */
export async function replyToPrayerChat(deps: Deps, companion: PrayerCompanion, input: AiPrayerInput): Promise<AiPrayerReply> {
  const last = input.messages[input.messages.length - 1];
  if (isCrisis(last.content)) return { reply: crisisReply(deps.church.prayerLinePhone), crisis: true };
  return { reply: await companion.reply(input.messages), crisis: false };
}
