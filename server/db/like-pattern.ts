/**
 * The ILIKE pattern of "holds this text": `%text%` with the text's own `%`, `_` and `\` taken
 * literally (escaped with PostgreSQL's default escape character). Every search box uses it.
 */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
