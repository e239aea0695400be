/**
 * The crisis-safety rule, applied before any provider: words of self-harm or danger get the
 * 988 Suicide & Crisis Lifeline and the church's prayer line first.
 */
const CRISIS = [
  /\bsuicid/,
  /\bkill(ing)? myself\b/,
  /\bend(ing)? (my|it all|my own) li(fe|ves)\b/,
  /\bend it all\b/,
  /\bhurt(ing)? myself\b/,
  /\bharm(ing)? myself\b/,
  /\bself[- ]harm/,
  /\bcutting myself\b/,
  /\boverdos/,
  /\babus(e|ed|ing|ive)\b/,
  /\bin danger\b/,
  /\bwant to die\b/,
  /\bbetter off dead\b/,
];

export const isCrisis = (text: string) => CRISIS.some((re) => re.test(text.toLowerCase()));

export function crisisReply(prayerLinePhone: string | null) {
  return [
    "I'm so sorry you're carrying this. Your life matters, and you don't have to face this alone.",
    "If you are in danger or thinking about ending your life, please call or text 988 (the 988 Suicide & Crisis Lifeline, available 24/7). If you are in immediate danger, call 911.",
    prayerLinePhone
      ? `You can also call our church's prayer line at ${prayerLinePhone}, and someone will pray with you.`
      : "Please also reach out to our pastors, who would love to pray with you.",
    "“Yahweh is near to those who have a broken heart, and saves those who have a crushed spirit.” (Psalm 34:18, WEB)",
  ].join("\n\n");
}
