import type { ChatMessage, PrayerCompanion } from "./port";
import { DEFAULT_LOCALE, type Locale } from "../../../contract/i18n/locales";

/**
 * The offline companion: deterministic and non-generative. It picks a topic by keywords, English
 * or Spanish whatever the member's language (the specific topics before anxiety, so "worried
 * about my job" is work), and answers in the member's language with a verse (World English
 * Bible in English, Reina-Valera 1909 in Spanish, both public domain) and a short guided prayer.
 * It says what it is.
 */
type Words = { verse: string; prayer: string };
export const TOPICS: readonly { topic: string; words: readonly string[]; text: Record<Locale, Words> }[] = [
  {
    topic: "grief",
    words: ["grief", "grieving", "died", "death", "passed away", "loss", "funeral", "mourning", "miss her", "miss him",
      "duelo", "murio", "muerte", "fallecio", "perdida", "funeral", "luto", "la extrano", "lo extrano"],
    text: {
      en: {
        verse: "“Blessed are those who mourn, for they shall be comforted.” (Matthew 5:4, WEB)",
        prayer: "Father, you are near to the brokenhearted. Hold me in this sorrow, comfort me where words fail, and surround me with people who care. Amen.",
      },
      es: {
        verse: "“Bienaventurados los que lloran: porque ellos recibirán consolación.” (Mateo 5:4, RV1909)",
        prayer: "Padre, tú estás cerca de los quebrantados de corazón. Sostenme en esta tristeza, consuélame donde faltan las palabras y rodéame de personas que me quieren. Amén.",
      },
    },
  },
  {
    topic: "health",
    words: ["sick", "illness", "ill", "cancer", "surgery", "hospital", "health", "healing", "pain", "diagnosis", "doctor",
      "enfermo", "enferma", "enfermedad", "cirugia", "operacion", "salud", "sanidad", "sanacion", "dolor", "diagnostico", "medico"],
    text: {
      en: {
        verse: "“Heal me, O Yahweh, and I will be healed. Save me, and I will be saved; for you are my praise.” (Jeremiah 17:14, WEB)",
        prayer: "Lord, you are the healer. Bring strength to the body, wisdom to the doctors, and peace while we wait. Amen.",
      },
      es: {
        verse: "“Sáname, oh Jehová, y seré sano; sálvame, y seré salvo: porque tú eres mi alabanza.” (Jeremías 17:14, RV1909)",
        prayer: "Señor, tú eres el que sana. Da fuerzas al cuerpo, sabiduría a los médicos y paz mientras esperamos. Amén.",
      },
    },
  },
  {
    topic: "family",
    words: ["family", "marriage", "husband", "wife", "son", "daughter", "children", "kids", "parent", "mother", "father", "mom", "dad", "divorce",
      "familia", "matrimonio", "esposo", "esposa", "hijo", "hija", "hijos", "hijas", "ninos", "madre", "padre", "mama", "papa", "divorcio"],
    text: {
      en: {
        verse: "“Above all things be earnest in your love among yourselves, for love covers a multitude of sins.” (1 Peter 4:8, WEB)",
        prayer: "God of love, bless my family. Soften hard places, give us patience and kindness toward one another, and make our home a place of your peace. Amen.",
      },
      es: {
        verse: "“Y sobre todo, tened entre vosotros ferviente caridad; porque la caridad cubrirá multitud de pecados.” (1 Pedro 4:8, RV1909)",
        prayer: "Dios de amor, bendice a mi familia. Suaviza lo que está duro, danos paciencia y bondad unos con otros, y haz de nuestro hogar un lugar de tu paz. Amén.",
      },
    },
  },
  {
    topic: "work/finances",
    words: ["job", "work", "boss", "career", "unemployed", "laid off", "money", "bills", "debt", "rent", "finances", "financial",
      "trabajo", "empleo", "jefe", "desempleado", "desempleada", "me despidieron", "dinero", "cuentas", "deuda", "deudas", "renta", "alquiler", "finanzas"],
    text: {
      en: {
        verse: "“My God will supply every need of yours according to his riches in glory in Christ Jesus.” (Philippians 4:19, WEB)",
        prayer: "Provider God, you know my needs. Open the right doors, give me wisdom with what I have, and keep me from fear about tomorrow. Amen.",
      },
      es: {
        verse: "“Mi Dios, pues, suplirá todo lo que os falta conforme a sus riquezas en gloria en Cristo Jesús.” (Filipenses 4:19, RV1909)",
        prayer: "Dios proveedor, tú conoces mis necesidades. Abre las puertas correctas, dame sabiduría con lo que tengo y líbrame del miedo al mañana. Amén.",
      },
    },
  },
  {
    topic: "guidance",
    words: ["decision", "decide", "direction", "guidance", "confused", "purpose", "calling", "what should i", "which way", "wisdom",
      "decidir", "direccion", "guia", "confundido", "confundida", "proposito", "llamado", "que debo", "sabiduria"],
    text: {
      en: {
        verse: "“Trust in Yahweh with all your heart, and don’t lean on your own understanding. In all your ways acknowledge him, and he will make your paths straight.” (Proverbs 3:5–6, WEB)",
        prayer: "Lord, I need your wisdom. Make the next step clear, give me courage to take it, and let my choices honor you. Amen.",
      },
      es: {
        verse: "“Fíate de Jehová de todo tu corazón, y no estribes en tu prudencia. Reconócelo en todos tus caminos, y él enderezará tus veredas.” (Proverbios 3:5–6, RV1909)",
        prayer: "Señor, necesito tu sabiduría. Muéstrame con claridad el próximo paso, dame valor para darlo y que mis decisiones te honren. Amén.",
      },
    },
  },
  {
    topic: "anxiety",
    words: ["anxious", "anxiety", "worry", "worried", "afraid", "fear", "scared", "stress", "panic", "nervous",
      "ansioso", "ansiosa", "ansiedad", "preocupado", "preocupada", "preocupacion", "miedo", "temor", "asustado", "asustada", "estres", "panico", "nervioso", "nerviosa"],
    text: {
      en: {
        verse: "“In nothing be anxious, but in everything, by prayer and petition with thanksgiving, let your requests be made known to God.” (Philippians 4:6, WEB)",
        prayer: "Lord, I bring you what weighs on me. Quiet my mind, guard my heart with your peace, and help me trust you with what I cannot carry. Amen.",
      },
      es: {
        verse: "“Por nada estéis afanosos; sino sean notorias vuestras peticiones delante de Dios en toda oración y ruego, con hacimiento de gracias.” (Filipenses 4:6, RV1909)",
        prayer: "Señor, te traigo lo que me pesa. Calma mi mente, guarda mi corazón con tu paz y ayúdame a confiarte lo que no puedo cargar. Amén.",
      },
    },
  },
  {
    topic: "thanks",
    words: ["thank", "thankful", "grateful", "gratitude", "praise", "blessed", "answered", "celebrate",
      "gracias", "agradecido", "agradecida", "gratitud", "alabanza", "bendecido", "bendecida", "celebrar"],
    text: {
      en: {
        verse: "“Give thanks to Yahweh, for he is good, for his loving kindness endures forever.” (Psalm 107:1, WEB)",
        prayer: "Thank you, Lord, for your goodness to me. Keep my heart grateful and let my life reflect your kindness. Amen.",
      },
      es: {
        verse: "“Alabad a Jehová, porque es bueno; porque para siempre es su misericordia.” (Salmos 107:1, RV1909)",
        prayer: "Gracias, Señor, por tu bondad conmigo. Guarda mi corazón agradecido y que mi vida refleje tu bondad. Amén.",
      },
    },
  },
];

export const GENERAL = {
  topic: "general",
  text: {
    en: {
      verse: "“Come to me, all you who labor and are heavily burdened, and I will give you rest.” (Matthew 11:28, WEB)",
      prayer: "Lord, you know what is on my heart even before I say it. Meet me here, give me rest, and lead me in your way. Amen.",
    },
    es: {
      verse: "“Venid a mí todos los que estáis trabajados y cargados, que yo os haré descansar.” (Mateo 11:28, RV1909)",
      prayer: "Señor, tú sabes lo que hay en mi corazón aun antes de que lo diga. Encuéntrame aquí, dame descanso y guíame en tu camino. Amén.",
    },
  } as Record<Locale, Words>,
};

/** The frame around the verse and prayer, in each language. */
const FRAME: Record<Locale, { intro: string; prayer: (p: string) => string; what: string }> = {
  en: {
    intro: "Thank you for sharing this. Here is a verse and a short prayer you can pray.",
    prayer: (p) => `A prayer: ${p}`,
    what: "(I am a simple offline companion that offers scripture by topic; your pastors and prayer team would love to pray with you too.)",
  },
  es: {
    intro: "Gracias por compartir esto. Aquí tiene un versículo y una breve oración que puede orar.",
    prayer: (p) => `Una oración: ${p}`,
    what: "(Soy un compañero sencillo, sin conexión, que ofrece pasajes bíblicos por tema; a sus pastores y al equipo de oración también les encantaría orar con usted.)",
  },
};

/** Lower case, without accents: "Murió" and "murio" match the same word. */
export const foldText = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

export function pickTopic(text: string) {
  const t = foldText(text);
  return TOPICS.find((x) => x.words.some((w) => new RegExp(`\\b${w}\\b`).test(t))) ?? GENERAL;
}

/** The offline answer's paragraphs for the member's last message, in the member's language. */
export function offlineParagraphs(messages: ChatMessage[], locale: Locale = DEFAULT_LOCALE) {
  const last = [...messages].reverse().find((m) => m.role === "user")?.content ?? "";
  const { verse, prayer } = pickTopic(last).text[locale];
  const f = FRAME[locale];
  return [f.intro, verse, f.prayer(prayer), f.what];
}

/** Streams its answer a paragraph at a time (no artificial delay: it is not pretending to type). */
export function createSandboxCompanion(): PrayerCompanion {
  return {
    kind: "sandbox",
    async *stream(messages: ChatMessage[], _signal?: AbortSignal, locale: Locale = DEFAULT_LOCALE) {
      const paragraphs = offlineParagraphs(messages, locale);
      for (const [i, p] of paragraphs.entries()) yield i < paragraphs.length - 1 ? `${p}\n\n` : p;
    },
  };
}
