import type { ChatMessage, PrayerCompanion } from "./port";

/**
 * The offline companion: deterministic and non-generative. It picks a topic by keywords (the specific topics before anxiety, so "worried about my job" is work) and
 * answers with a World English Bible verse and a short guided prayer. It says what it is.
 */
export const TOPICS = [
  {
    topic: "grief",
    words: ["grief", "grieving", "died", "death", "passed away", "loss", "funeral", "mourning", "miss her", "miss him"],
    verse: "“Blessed are those who mourn, for they shall be comforted.” (Matthew 5:4, WEB)",
    prayer: "Father, you are near to the brokenhearted. Hold me in this sorrow, comfort me where words fail, and surround me with people who care. Amen.",
  },
  {
    topic: "health",
    words: ["sick", "illness", "ill", "cancer", "surgery", "hospital", "health", "healing", "pain", "diagnosis", "doctor"],
    verse: "“Heal me, O Yahweh, and I will be healed. Save me, and I will be saved; for you are my praise.” (Jeremiah 17:14, WEB)",
    prayer: "Lord, you are the healer. Bring strength to the body, wisdom to the doctors, and peace while we wait. Amen.",
  },
  {
    topic: "family",
    words: ["family", "marriage", "husband", "wife", "son", "daughter", "children", "kids", "parent", "mother", "father", "mom", "dad", "divorce"],
    verse: "“Above all things be earnest in your love among yourselves, for love covers a multitude of sins.” (1 Peter 4:8, WEB)",
    prayer: "God of love, bless my family. Soften hard places, give us patience and kindness toward one another, and make our home a place of your peace. Amen.",
  },
  {
    topic: "work/finances",
    words: ["job", "work", "boss", "career", "unemployed", "laid off", "money", "bills", "debt", "rent", "finances", "financial"],
    verse: "“My God will supply every need of yours according to his riches in glory in Christ Jesus.” (Philippians 4:19, WEB)",
    prayer: "Provider God, you know my needs. Open the right doors, give me wisdom with what I have, and keep me from fear about tomorrow. Amen.",
  },
  {
    topic: "guidance",
    words: ["decision", "decide", "direction", "guidance", "confused", "purpose", "calling", "what should i", "which way", "wisdom"],
    verse: "“Trust in Yahweh with all your heart, and don’t lean on your own understanding. In all your ways acknowledge him, and he will make your paths straight.” (Proverbs 3:5–6, WEB)",
    prayer: "Lord, I need your wisdom. Make the next step clear, give me courage to take it, and let my choices honor you. Amen.",
  },
  {
    topic: "anxiety",
    words: ["anxious", "anxiety", "worry", "worried", "afraid", "fear", "scared", "stress", "panic", "nervous"],
    verse: "“In nothing be anxious, but in everything, by prayer and petition with thanksgiving, let your requests be made known to God.” (Philippians 4:6, WEB)",
    prayer: "Lord, I bring you what weighs on me. Quiet my mind, guard my heart with your peace, and help me trust you with what I cannot carry. Amen.",
  },
  {
    topic: "thanks",
    words: ["thank", "thankful", "grateful", "gratitude", "praise", "blessed", "answered", "celebrate"],
    verse: "“Give thanks to Yahweh, for he is good, for his loving kindness endures forever.” (Psalm 107:1, WEB)",
    prayer: "Thank you, Lord, for your goodness to me. Keep my heart grateful and let my life reflect your kindness. Amen.",
  },
] as const;

export const GENERAL = {
  topic: "general",
  verse: "“Come to me, all you who labor and are heavily burdened, and I will give you rest.” (Matthew 11:28, WEB)",
  prayer: "Lord, you know what is on my heart even before I say it. Meet me here, give me rest, and lead me in your way. Amen.",
};

export function pickTopic(text: string) {
  const t = text.toLowerCase();
  return TOPICS.find((x) => x.words.some((w) => new RegExp(`\\b${w}\\b`).test(t))) ?? GENERAL;
}

/** The offline answer's paragraphs for the member's last message. */
export function offlineParagraphs(messages: ChatMessage[]) {
  const last = [...messages].reverse().find((m) => m.role === "user")?.content ?? "";
  const t = pickTopic(last);
  return [
    "Thank you for sharing this. Here is a verse and a short prayer you can pray.",
    t.verse,
    `A prayer: ${t.prayer}`,
    "(I am a simple offline companion that offers scripture by topic; your pastors and prayer team would love to pray with you too.)",
  ];
}

/** Streams its answer a paragraph at a time (no artificial delay: it is not pretending to type). */
export function createSandboxCompanion(): PrayerCompanion {
  return {
    kind: "sandbox",
    async *stream(messages: ChatMessage[]) {
      const paragraphs = offlineParagraphs(messages);
      for (const [i, p] of paragraphs.entries()) yield i < paragraphs.length - 1 ? `${p}\n\n` : p;
    },
  };
}
