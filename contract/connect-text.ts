/**
 * The daily journeys' keys, length and names, without zod, so the message files
 * (contract/i18n) carry them without the validation library (decision 0072). The schemas are in
 * contract/connect.ts, which re-exports this module.
 */
export const SEQUENCE_KEYS = ["SCRIPTURES_14", "AFFIRMATIONS_14"] as const;
export type SequenceKey = (typeof SEQUENCE_KEYS)[number];
export const JOURNEY_DAYS = 14;

export const SEQUENCE_LABELS: Record<SequenceKey, { title: string; description: string }> = {
  SCRIPTURES_14: { title: "14 Days of Scripture", description: "A verse and a short devotional each morning" },
  AFFIRMATIONS_14: { title: "14 Days of Affirmations", description: "Truths about who you are in Christ" },
};
