/**
 * Preloaded into the benchmarked server (node --expose-gc --import): on SIGUSR2 it collects
 * garbage and writes process.memoryUsage() to BENCH_MEMORY_FILE, so the benchmark reads the
 * memory that live connections really hold, not garbage waiting to be collected.
 */
import fs from "node:fs";

process.on("SIGUSR2", () => {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  gc?.();
  const file = process.env.BENCH_MEMORY_FILE;
  if (file) fs.writeFileSync(file, JSON.stringify(process.memoryUsage()));
});
