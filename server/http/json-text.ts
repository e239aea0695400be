/**
 * Answers whose JSON is written ahead: the part every member gets alike is checked against its
 * schema and serialized once (when it is loaded), and a request only adds its own few fields.
 * On a signed-in read, serializing the church or a hundred testimonies through the response
 * schema on every request was most of what was left (bench/README.md).
 *
 * Fastify sends a string or bytes with a JSON content type as they are (no serializer), and the
 * onSend hooks (compression) still run; the response guard does not scan them again, since
 * every part was checked by its rule when it was made.
 */
import type { FastifyReply } from "fastify";
import type { z } from "zod";
import { checkedReplies, forbiddenField } from "./response-guard";

/** The response guard's rule, applied once where the text is made (a hit is a bug, thrown at once). */
function checked(text: string) {
  const field = forbiddenField(text);
  if (field) throw new Error(`JSON written ahead: the answer carries the credential field ${field}`);
  return text;
}

/**
 * `value` as its schema outputs it (unknown keys dropped, checked), serialized, and checked by
 * the response guard's rule once, here: no credential field.
 */
export function jsonOf<S extends z.ZodType>(schema: S, value: z.input<S>) {
  return checked(JSON.stringify(schema.parse(value)));
}

/** Sends JSON text made only of jsonOf or JsonTemplate parts and values a request fills in (booleans, numbers, ids, jsonOf text). */
export function sendJsonText(reply: FastifyReply, text: string | Buffer) {
  checkedReplies.add(reply);
  return reply.type("application/json; charset=utf-8").send(text);
}

/**
 * Sends JSON text PostgreSQL wrote for the answer (server/db/json-sql.ts) as it is: no response
 * serializer runs on a string. Unlike sendJsonText, the response guard still reads it (its keys
 * come from SQL, not from parts checked when they were made).
 */
export function sendDbJson(reply: FastifyReply, text: string) {
  return reply.type("application/json; charset=utf-8").send(text);
}

/** At most this many whole answers are kept per template (see `fill`'s shareKey). */
const MADE_MAX = 64;

/**
 * An answer written once as UTF-8 bytes, with slots for the fields that differ from member to
 * member (their vote, their amen, their own user): a request copies the bytes and writes its
 * few values into their slots, so no request serializes or encodes the whole answer again.
 *
 * A slot is made as wide as its fallback (the value every member has until filled in); a value
 * that is shorter is padded with spaces (JSON allows them after a value), so `true` or a vote
 * overwrites `false` or `null` in place. A longer value (an id in place of `null`) makes the
 * answer by joining the pieces around the slots instead.
 */
export class JsonTemplate {
  /** The answer with every slot at its fallback: what a member with nothing of their own gets. Never written to. */
  readonly bytes: Buffer;
  /** Byte offset and width of each slot, by the order `slot` was called. */
  private readonly slots: { at: number; width: number }[];
  /** Slot numbers in the order they appear in the text. */
  private readonly order: number[];
  private readonly made = new Map<string, Buffer>();

  private constructor(bytes: Buffer, slots: { at: number; width: number }[]) {
    this.bytes = bytes;
    this.slots = slots;
    this.order = slots.map((_, i) => i).sort((a, b) => slots[a].at - slots[b].at);
  }

  /**
   * `value` as its schema outputs it (unknown keys dropped, checked), with the fields `mark`
   * sets to `slot(fallback)` left as slots. `slot` returns a marker (NUL and the slot's number:
   * NUL never reaches the database, rejectNul, so no member's words can hold it), typed to fit
   * any field; the slots are numbered by the order of the calls.
   */
  static write<S extends z.ZodType>(schema: S, value: z.input<S>, mark?: (out: z.output<S>, slot: (fallback: string) => never) => void): JsonTemplate {
    const out = schema.parse(value);
    const fallbacks: string[] = [];
    mark?.(out, (fallback) => `\u0000${fallbacks.push(fallback) - 1}` as never);
    // JSON.stringify writes NUL as \u0000; the marker is a whole string value, so it is quoted.
    const pieces = checked(JSON.stringify(out)).split(/"\\u0000(\d+)"/);
    const slots: { at: number; width: number }[] = [];
    let text = "";
    let at = 0;
    for (let i = 0; i < pieces.length; i += 2) {
      text += pieces[i];
      at += Buffer.byteLength(pieces[i]);
      if (i + 1 === pieces.length) break;
      const n = Number(pieces[i + 1]);
      if (slots[n] || fallbacks[n] === undefined) throw new Error("JsonTemplate: a slot marker was not found once");
      const width = Buffer.byteLength(fallbacks[n]);
      slots[n] = { at, width };
      text += fallbacks[n];
      at += width;
    }
    if (slots.length !== fallbacks.length || slots.includes(undefined as never)) throw new Error("JsonTemplate: a slot marker was not found once");
    return new JsonTemplate(Buffer.from(text), slots);
  }

  /**
   * The answer with `values[n]` (JSON text) in slot n; a slot with no value keeps its fallback.
   * With no value at all it is `bytes` itself. Answers many members share (members who asked
   * none of the questions shown differ only by their votes) are given a `shareKey` naming the
   * values: one answer is made per key, a few of them serving a whole congregation.
   */
  fill(values: readonly (string | undefined)[], shareKey?: string): Buffer {
    if (shareKey !== undefined) {
      const made = this.made.get(shareKey);
      if (made) return made;
    }
    const out = this.filled(values);
    if (shareKey !== undefined && this.made.size < MADE_MAX) this.made.set(shareKey, out);
    return out;
  }

  private filled(values: readonly (string | undefined)[]): Buffer {
    let any = false;
    let fits = true;
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      if (v === undefined) continue;
      any = true;
      if (v.length > this.slots[i].width || Buffer.byteLength(v) > this.slots[i].width) fits = false;
    }
    if (!any) return this.bytes;
    if (fits) {
      const out = Buffer.from(this.bytes);
      for (let i = 0; i < values.length; i++) {
        const v = values[i];
        if (v === undefined) continue;
        const { at, width } = this.slots[i];
        out.fill(0x20, at + out.write(v, at), at + width);
      }
      return out;
    }
    const parts: Buffer[] = [];
    let from = 0;
    for (const i of this.order) {
      const v = values[i];
      if (v === undefined) continue;
      const { at, width } = this.slots[i];
      parts.push(this.bytes.subarray(from, at), Buffer.from(v));
      from = at + width;
    }
    parts.push(this.bytes.subarray(from));
    return Buffer.concat(parts);
  }
}
