/**
 * The crisis-safety rule, applied before any provider: words of self-harm or danger, in English
 * or Spanish whatever the member's language, get the 988 Suicide & Crisis Lifeline and the
 * church's prayer line first, in the member's language. The text is folded (lower case, accents
 * dropped) first, so "autolesión" and "autolesion" match alike.
 */
import { DEFAULT_LOCALE, type Locale } from "../../../contract/i18n/locales";
import { foldText } from "../../providers/ai/sandbox";

const CRISIS = [
  // English
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
  // Spanish ("suicidio", "suicidarme" and "suicida" are caught by \bsuicid above)
  /\bmatarme\b/,
  /\bme (quiero|voy a) matar\b/,
  /\bquitarme la vida\b/,
  /\b(acabar|terminar) con (mi vida|todo)\b/,
  /\b(quiero|me quiero|deseo) morir(me)?\b/,
  /\bno quiero (vivir|seguir viviendo)\b/,
  /\b(hacerme|me hago|me hice) (dano|danos)\b/,
  /\blastimarme\b/,
  /\bcortarme\b/,
  /\bme corto\b/,
  /\bautoles/,
  /\bsobredosis\b/,
  /\babus(o|os|a|an|aron|ando|ado|ada|ivo|iva)\b/,
  /\bmaltrat/,
  /\bme (pega|golpea)\b/,
  /\ben peligro\b/,
  /\bmejor (muerto|muerta)\b/,
];

export const isCrisis = (text: string) => {
  const folded = foldText(text);
  return CRISIS.some((re) => re.test(folded));
};

const REPLY: Record<Locale, { sorry: string; lifeline: string; prayerLine: (phone: string) => string; pastors: string; verse: string }> = {
  en: {
    sorry: "I'm so sorry you're carrying this. Your life matters, and you don't have to face this alone.",
    lifeline:
      "If you are in danger or thinking about ending your life, please call or text 988 (the 988 Suicide & Crisis Lifeline, available 24/7). If you are in immediate danger, call 911.",
    prayerLine: (phone) => `You can also call our church's prayer line at ${phone}, and someone will pray with you.`,
    pastors: "Please also reach out to our pastors, who would love to pray with you.",
    verse: "“Yahweh is near to those who have a broken heart, and saves those who have a crushed spirit.” (Psalm 34:18, WEB)",
  },
  es: {
    sorry: "Siento mucho que esté cargando con esto. Su vida importa, y no tiene que enfrentarlo a solas.",
    // The 988 Lifeline answers in Spanish: press 2 on a call, or text AYUDA to 988.
    lifeline:
      "Si está en peligro o piensa en quitarse la vida, llame al 988 y oprima 2 para hablar en español, o envíe un mensaje de texto con la palabra AYUDA al 988 (la Línea 988 de Prevención del Suicidio y Crisis, disponible las 24 horas, todos los días). Si está en peligro inmediato, llame al 911.",
    prayerLine: (phone) => `También puede llamar a la línea de oración de nuestra iglesia al ${phone}, y alguien orará con usted.`,
    pastors: "Por favor, comuníquese también con nuestros pastores, que con gusto orarán con usted.",
    verse: "“Cercano está Jehová a los quebrantados de corazón; y salvará a los contritos de espíritu.” (Salmos 34:18, RV1909)",
  },
};

export function crisisReply(prayerLinePhone: string | null, locale: Locale = DEFAULT_LOCALE) {
  const r = REPLY[locale];
  return [r.sorry, r.lifeline, prayerLinePhone ? r.prayerLine(prayerLinePhone) : r.pastors, r.verse].join("\n\n");
}
