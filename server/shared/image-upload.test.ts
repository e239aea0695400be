/**
 * The image queue (server/shared/image-upload.ts): at most IMAGE_WORKERS renders at once, the
 * rest in arrival order; a render that fails gives its slot to the next; one libvips thread each. (What the queue is for, members' reads during ten uploads, is measured by
 * bench/photo.bench.ts.)
 */
import os from "node:os";
import { describe, expect, it } from "vitest";
import sharp from "sharp";
import fs from "node:fs";
import { PassThrough, Readable } from "node:stream";
import { AppError } from "../http/app-error";
import { IMAGE_WORKERS, inImageQueue, receiveUpload, uploadDirectory } from "./image-upload";

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

describe("receiveUpload", () => {
  const bytes = Buffer.from(Array.from({ length: 3_000_000 }, (_, k) => (k * 7) % 251));
  const chunked = (b: Buffer, size = 65_536) => Readable.from(Array.from({ length: Math.ceil(b.length / size) }, (_, k) => b.subarray(k * size, (k + 1) * size)));

  it("writes the upload to a file of its own (0600), the exact bytes, with its first bytes and size; discard removes it", async () => {
    const upload = await receiveUpload(chunked(bytes), bytes.length, bytes.length, "photo", "too large");
    expect(upload.size).toBe(bytes.length);
    expect(upload.head).toEqual(bytes.subarray(0, 16));
    expect(fs.readFileSync(upload.path).equals(bytes)).toBe(true);
    expect(fs.statSync(upload.path).mode & 0o777).toBe(0o600);
    expect(fs.statSync(uploadDirectory()).mode & 0o777).toBe(0o700);
    await upload.discard();
    await upload.discard();
    expect(fs.existsSync(upload.path)).toBe(false);
  });

  it("refuses one byte over the limit with the field's 400 (declared or counted), and leaves no file", async () => {
    await expect(receiveUpload(chunked(bytes), bytes.length, bytes.length - 1, "photo", "too large")).rejects.toMatchObject({ status: 400, extra: { issues: [{ path: "photo", message: "too large" }] } });
    // No Content-Length: counted as the bytes come.
    const err = await receiveUpload(chunked(bytes), 0, bytes.length - 1, "photo", "too large").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(400);
    expect(fs.readdirSync(uploadDirectory())).toEqual([]);
  });

  it("a client that goes away mid-upload leaves no file", async () => {
    const body = new PassThrough();
    const received = receiveUpload(body, bytes.length, bytes.length, "photo", "too large");
    body.write(bytes.subarray(0, 2_000_000));
    await tick();
    body.destroy();
    await expect(received).rejects.toThrow();
    expect(fs.readdirSync(uploadDirectory())).toEqual([]);
  });
});
