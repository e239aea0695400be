/** JSON written ahead (json-text.ts): checked by the schema, and a member's own fields filled in safely. */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ZTestimony } from "../../contract/testimonies";
import { JsonTemplate, jsonOf } from "./json-text";

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

  it("a template's slots are the marked fields only, never inside a member's words", () => {
    const words = { ...testimony, text: 'He typed "\\u00000" and "hasAmened":false' };
    const t = JsonTemplate.write(z.array(ZTestimony), [words, testimony], (out, slot) => {
      for (const x of out) x.hasAmened = slot("false");
    });
    expect(JSON.parse(t.bytes.toString())).toEqual([words, testimony]);
    // Nothing of one's own: the shared bytes themselves.
    expect(t.fill([])).toBe(t.bytes);
    // A shorter value overwrites its slot in place (padded), the shared bytes untouched.
    const mine = t.fill([undefined, "true"]);
    expect(mine.length).toBe(t.bytes.length);
    expect(JSON.parse(mine.toString())).toEqual([words, { ...testimony, hasAmened: true }]);
    expect(JSON.parse(t.bytes.toString())[1].hasAmened).toBe(false);
  });

  it("a longer value is joined in; answers given a share key are made once", () => {
    const ZVoted = z.object({ title: z.string(), myVote: z.number().nullable(), userId: z.string().nullable() });
    const t = JsonTemplate.write(ZVoted, { title: "Hymn «ñ»", myVote: null, userId: null }, (out, slot) => {
      out.userId = slot("null"); // slot 0, written after slot 1 in the text
      out.myVote = slot("null");
    });
    expect(JSON.parse(t.fill([JSON.stringify("user-1"), "12"]).toString())).toEqual({ title: "Hymn «ñ»", myVote: 12, userId: "user-1" });
    expect(JSON.parse(t.fill(['"ü"']).toString())).toEqual({ title: "Hymn «ñ»", myVote: null, userId: "ü" });
    const shared = t.fill([undefined, "1"], "1");
    expect(t.fill([undefined, "1"], "1")).toBe(shared);
    expect(() => JsonTemplate.write(z.object({ passwordHash: z.string() }), { passwordHash: "x" })).toThrow(/passwordHash/);
  });
});
