/** Batched (decision 0133): what arrives together goes together, in order, and a failure stays in its batch. */
import { describe, expect, it } from "vitest";
import { Batched } from "./batched";

describe("Batched", () => {
  it("writes the items of one turn in one call, and those that arrive during it in the next, each answered with its own result", async () => {
    const calls: number[][] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const b = new Batched<number, string>(async (items) => {
      calls.push(items);
      if (calls.length === 1) await gate;
      return items.map((n) => `r${n}`);
    });
    const first = [1, 2, 3].map((n) => b.add(n));
    await new Promise((r) => setImmediate(r)); // the first batch is running
    const second = [4, 5].map((n) => b.add(n));
    release();
    expect(await Promise.all([...first, ...second])).toEqual(["r1", "r2", "r3", "r4", "r5"]);
    expect(calls).toEqual([[1, 2, 3], [4, 5]]);
  });

  it("never puts more than `max` items in one call", async () => {
    const sizes: number[] = [];
    const b = new Batched<number, number>(async (items) => (sizes.push(items.length), items), 4);
    expect(await Promise.all(Array.from({ length: 10 }, (_, i) => b.add(i)))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(sizes).toEqual([4, 4, 2]);
  });

  it("rejects only the items of a batch that failed, and goes on with the next", async () => {
    let n = 0;
    const b = new Batched<string, string>(async (items) => {
      n += 1;
      if (n === 1) throw new Error("connection lost");
      return items;
    });
    const failed = b.add("a");
    await expect(failed).rejects.toThrow("connection lost");
    expect(await b.add("b")).toBe("b");
    await b.flush();
  });
});
