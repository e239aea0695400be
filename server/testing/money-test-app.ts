/**
 * The app the money tests build (giving, wallet, the gateway adapter, the money path): the
 * money rate limit out of the way, and, when the test passes `logLines`, every log line at
 * trace level, redacted as in production, kept there, so a test can find what must be logged
 * (a failed receipt) and what never may (a card number or CVV). Without it the harness's log
 * file (scanned at the end of the run) gets them.
 */
import { Writable } from "node:stream";
import { afterAll, beforeAll } from "vitest";
import { createTestApp, type TestApp } from "./harness";
import { LOG_REDACT } from "../app";
import type { GiveRequestInput } from "../../contract/giving";

/** The CVV of giveRequest's card: tests look for it where it must never be (tables, logs). */
export const TEST_CVV = "7319";

/** A give request's body with a card the sandbox and the Authorize.Net stand-in both approve; `over` and `card` change any field. */
export const giveRequest = (over: Partial<GiveRequestInput> = {}, card: Partial<GiveRequestInput["payment_method_data"]> = {}): GiveRequestInput => ({
  amount_cents: 2500,
  is_recurring: false,
  frequency: "monthly",
  customer_data: { first_name: "Ruth", last_name: "Moab", email: "ruth@example.org", phone: "" },
  ...over,
  payment_method_data: {
    card_number: "4242 4242 4242 4242",
    card_exp: "12/2099",
    card_cvv: TEST_CVV,
    address_1: "1 Grace St",
    address_city: "Orlando",
    address_state: "FL",
    address_zip: "32801",
    ...card,
  },
});

export async function createMoneyTestApp(opts: { logLines?: string[]; now?: () => Date; env?: Record<string, string> } = {}): Promise<TestApp> {
  const { logLines } = opts;
  const stream =
    logLines &&
    new Writable({
      write(chunk: Buffer, _enc, cb) {
        logLines.push(chunk.toString());
        cb();
      },
    });
  return createTestApp({
    now: opts.now,
    env: { GIVING_RATE_LIMIT_PER_USER: "100000", ...opts.env },
    build: stream ? { logger: { level: "trace", stream, redact: { paths: LOG_REDACT, censor: "[redacted]" } } } : undefined,
  });
}

/** createMoneyTestApp for a whole test file: built before its first test, closed after its last. */
export function useMoneyTestApp(opts: Parameters<typeof createMoneyTestApp>[0] = {}): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createMoneyTestApp(opts));
  });
  afterAll(() => t.close());
  return t;
}
