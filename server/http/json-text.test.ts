/** JSON written ahead (json-text.ts): checked by the schema, and split safely around a member's own field. */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ZTestimony } from "../../contract/testimonies";
import { jsonOf, splitAroundBoolean } from "./json-text";

const testimony = {
  id: "t1",
  // A member's words may hold the very text the split looks for: inside a JSON string its quotes are escaped.
  text: 'He said "hasAmened":false and laughed',
  isApproved: true,
  amenCount: 3,
  createdAt: "2026-11-24T10:00:00.000Z",
  authorName: "Ruth B.",
  hasAmened: false,
};

describe("JSON written ahead", () => {
  it("is the schema's output: unknown fields dropped, a wrong one refused", () => {
    expect(JSON.parse(jsonOf(ZTestimony, { ...testimony, passwordHash: "x" } as never))).toEqual(testimony);
    expect(() => jsonOf(ZTestimony, { ...testimony, amenCount: "3" } as never)).toThrow();
    // The response guard's rule is applied here, once, since these answers skip its scan.
    expect(() => jsonOf(z.object({ passwordHash: z.string() }), { passwordHash: "x" })).toThrow(/passwordHash/);
  });

  it("splits around the field's key only, never inside a member's words", () => {
    const [head, tail] = splitAroundBoolean(jsonOf(ZTestimony, testimony), "hasAmened");
    expect(JSON.parse(`${head}true${tail}`)).toEqual({ ...testimony, hasAmened: true });
    expect(JSON.parse(`${head}false${tail}`)).toEqual(testimony);
    expect(() => splitAroundBoolean('{"a":1}', "hasAmened")).toThrow();
  });
});
