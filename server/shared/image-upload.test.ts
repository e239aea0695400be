/**
 * The image queue (server/shared/image-upload.ts): at most IMAGE_WORKERS renders at once, the
 * rest in arrival order; a render that fails gives its slot to the next; one libvips thread each. (What the queue is for, members' reads during ten uploads, is measured by
 * bench/photo.bench.ts.)
 */
import os from "node:os";
import { describe, expect, it } from "vitest";
import sharp from "sharp";
import { IMAGE_WORKERS, inImageQueue } from "./image-upload";

const tick = () => new Promise((r) => setTimeout(r, 5));

describe("inImageQueue", () => {
  it("runs at most IMAGE_WORKERS at once, first come first served, and a failure frees its slot", async () => {
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const jobs = Array.from({ length: IMAGE_WORKERS + 5 }, (_, k) =>
      inImageQueue(async () => {
        started.push(k);
        running += 1;
        most = Math.max(most, running);
        await tick();
        running -= 1;
        if (k === 1) throw new Error("a corrupt upload");
        return k;
      }),
    );
    const results = await Promise.allSettled(jobs);
    expect(most).toBe(IMAGE_WORKERS);
    expect(started).toEqual(jobs.map((_, k) => k));
    expect(results.map((r) => (r.status === "fulfilled" ? r.value : (r.reason as Error).message))).toEqual(jobs.map((_, k) => (k === 1 ? "a corrupt upload" : k)));
    // Every slot was given back: a new render starts at once.
    let ran = false;
    await inImageQueue(async () => {
      ran = true;
    });
    expect(ran).toBe(true);
  });

  it("leaves a core for the event loop: one libvips thread per render, the cores less one at once", () => {
    // (sharp.cache() cannot be read without changing it: calling it with no argument turns the cache back on.)
    expect(IMAGE_WORKERS).toBe(Math.max(1, os.availableParallelism() - 1));
    expect(sharp.concurrency()).toBe(1);
  });
});
