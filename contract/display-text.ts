import { z } from "./zod-setup";

/**
 * Characters that change how text around them is shown without being seen themselves:
 * bidirectional embeddings and overrides (U+202A–U+202E) and isolates (U+2066–U+2069), which
 * can make a name read backwards or a title appear to say something else ("Trojan Source"),
 * and the zero-width and direction marks (U+200B–U+200F, U+2060, U+FEFF), which make two names
 * that look the same differ, or a blank title look filled. (U+200D also joins emoji such as
 * a family; a joined emoji is shown as its separate parts.)
 */
export const INVISIBLE_FORMAT_CHARS = /[\u202A-\u202E\u2066-\u2069\u200B-\u200F\u2060\uFEFF]/g;

export const stripInvisible = (s: string) => s.replace(INVISIBLE_FORMAT_CHARS, "");

/**
 * A string others will read (a name, a title, a prayer, a testimony, a comment, a question):
 * the characters above are removed on input, before trimming and length checks, so a text of
 * nothing but them is empty. Use as `displayText().trim().min(1).max(N)`.
 */
export const displayText = () => z.string().overwrite(stripInvisible);
