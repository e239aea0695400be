import type { FastifyInstance, FastifyRequest } from "fastify";
import { ZOD_TEXT } from "../../contract/zod-text";
import { badRequest } from "./app-error";

/**
 * The path ("body.title", "query.q") of the first string holding the NUL character (U+0000)
 * in `value`, or null. Walked with a stack, not recursion, so a deeply nested 1 MB body
 * cannot overflow it.
 */
export function findNul(value: unknown, root: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === "string") return value.includes("\u0000") ? root : null;
  // A raw upload (the logo, a member's photo) is bytes, not text: walking a 10 MB Buffer's
  // entries took 40 s of the event loop.
  if (ArrayBuffer.isView(value)) return null;
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === "string") {
      if (v.includes("\u0000")) return path;
    } else if (v && typeof v === "object" && !ArrayBuffer.isView(v)) {
      for (const [k, child] of Object.entries(v)) {
        if (k.includes("\u0000")) return `${path}.${k.replaceAll("\u0000", "")}`;
        stack.push([child, `${path}.${k}`]);
      }
    }
  }
  return null;
}

/** Requests whose JSON body was scanned as text and holds no NUL (json-body.ts): not walked again. */
const cleanBodies = new WeakSet<FastifyRequest>();
export const markBodyClean = (req: FastifyRequest) => void cleanBodies.add(req);

/**
 * PostgreSQL text cannot hold NUL, and no member types one: a request that carries one anywhere
 * (query, path or body) is a 400 before any route code runs, instead of a database error (500)
 * wherever the text would have been stored or searched. Found by the hostile-input test.
 */
export function rejectNul(app: FastifyInstance) {
  // A callback hook (no promise per request); a GET without query or params walks nothing.
  app.addHook("preValidation", (req, _reply, done) => {
    const path = findNul(req.query, "query") ?? findNul(req.params, "params") ?? (cleanBodies.has(req) ? null : findNul(req.body, "body"));
    done(path ? badRequest(path, ZOD_TEXT.invalid) : undefined);
  });
}
