/** The kept answers' own rules (decisions 0147, 0148): only at the version they were read with, never without one, and bounded. */
import { describe, expect, it } from "vitest";
import { VersionedAnswers } from "./versioned-answers";

describe("versioned answers", () => {
  it("give a kept answer only for its key at the version it was read with", () => {
    const kept = new VersionedAnswers(10);
    kept.set("member:20", "7", "page at 7");
    expect(kept.holds("member:20")).toBe(true);
    expect(kept.get("member:20", "7")).toBe("page at 7");
    expect(kept.get("member:20", "8")).toBeUndefined();
    expect(kept.get("staff:20", "7")).toBeUndefined();
    expect(kept.get("member:20", null)).toBeUndefined();
    kept.set("member:20", "8", "page at 8");
    expect(kept.get("member:20", "7")).toBeUndefined();
    expect(kept.get("member:20", "8")).toBe("page at 8");
  });

  it("keep nothing read without a version", () => {
    const kept = new VersionedAnswers(10);
    kept.set("member:20", null, "page");
    expect(kept.holds("member:20")).toBe(false);
  });

  it("keep at most their number of answers, dropping the one kept longest", () => {
    const kept = new VersionedAnswers(2);
    kept.set("a", "1", "A");
    kept.set("b", "1", "B");
    kept.set("a", "2", "A2"); // replaces a's own, drops nothing
    expect([kept.holds("a"), kept.holds("b")]).toEqual([true, true]);
    kept.set("c", "1", "C");
    expect([kept.holds("a"), kept.holds("b"), kept.holds("c")]).toEqual([false, true, true]);
  });
});
