/**
 * Answers whose JSON is written ahead: the part every member gets alike is checked against its
 * schema and serialized once (when it is loaded), and a request only adds its own few fields.
 * On a signed-in read, serializing the church or a hundred testimonies through the response
 * schema on every request was most of what was left (bench/README.md).
 *
 * Fastify sends a string with a JSON content type as it is (no serializer), and the onSend
 * hooks (the response guard, compression) still run.
 */
import type { FastifyReply } from "fastify";
import type { z } from "zod";
import { checkedReplies, forbiddenField } from "./response-guard";

/**
 * `value` as its schema outputs it (unknown keys dropped, checked), serialized, and checked by
 * the response guard's rule once, here: no credential field (a hit is a bug, thrown at once).
 */
export function jsonOf<S extends z.ZodType>(schema: S, value: z.input<S>) {
  const text = JSON.stringify(schema.parse(value));
  const field = forbiddenField(text);
  if (field) throw new Error(`jsonOf: the answer carries the credential field ${field}`);
  return text;
}

/** Sends JSON text made only of jsonOf parts and values a request fills in (booleans, numbers, ids). */
export function sendJsonText(reply: FastifyReply, text: string | Buffer) {
  checkedReplies.add(reply);
  return reply.type("application/json; charset=utf-8").send(text);
}

/**
 * An object's JSON split around one boolean field, so each member's copy is the two halves
 * and their own `true` or `false`. Keys in JSON strings are quoted and a string value's quotes
 * are escaped, so `"field":false` occurs once, as the key.
 */
export function splitAroundBoolean(json: string, field: string): [string, string] {
  const key = `"${field}":false`;
  const at = json.indexOf(key);
  if (at < 0 || json.indexOf(key, at + 1) >= 0) throw new Error(`splitAroundBoolean: ${field} is not once in the JSON`);
  return [json.slice(0, at + key.length - "false".length), json.slice(at + key.length)];
}
