/**
 * deps.church follows the row (decision 0106): a reload that was reading the row while this
 * instance saved a newer profile must not put the older one back, not even for a moment (CI saw
 * a member read the previous mission right after a second save).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/harness";
import { loadChurch, watchChurch } from "./church-profile";
import { changeChurch } from "../features/church/update-church";
import type { Church } from "../../contract/church";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

describe("watchChurch", () => {
  it("never applies a profile read before a save this instance made while the read was in flight", async () => {
    const target: Church = structuredClone(t.deps.church);
    const deps = { ...t.deps, church: target };
    const seen: (string | undefined)[] = [];
    let release: (() => void) | undefined;
    let loads = 0;
    const stop = watchChurch(
      deps,
      () => seen.push(target.mission),
      (err) => seen.push(`error: ${String(err)}`),
      async () => {
        const profile = await loadChurch(t.db);
        // The first reload (after save A) has read A and is held until save B is applied.
        if (loads++ === 0) await new Promise<void>((resolve) => (release = resolve));
        return profile;
      },
    );
    try {
      await changeChurch(deps, (c) => ({ ...c, mission: "Save A" }));
      await expect.poll(() => release).toBeDefined();
      await changeChurch(deps, (c) => ({ ...c, mission: "Save B" }));
      expect(target.mission).toBe("Save B");
      release!();
      await expect.poll(() => seen.length).toBeGreaterThan(0);
      await expect.poll(() => loads).toBeGreaterThanOrEqual(2);
      expect(seen.every((m) => m === "Save B")).toBe(true);
      expect(target.mission).toBe("Save B");
    } finally {
      stop();
    }
  });
});
