/**
 * Rules a batch's date and the request around a batch change share (issue 19; decision 0120).
 */
import type { Deps } from "../../deps";
import { badRequest } from "../../http/app-error";
import { BATCHES_TEXT } from "../../../contract/giving-batches";
import { dateInZone } from "./next-payment-date";

/** A batch's day: not after today in the church's zone, and not before 2000 (a typo, not a collection). 400 on `path`. */
export function checkBatchDate(deps: Pick<Deps, "church" | "now">, date: string, path: string) {
  if (date > dateInZone(deps.church.timeZone, deps.now())) throw badRequest(path, BATCHES_TEXT.dateInFuture);
  if (date < "2000-01-01") throw badRequest(path, BATCHES_TEXT.dateRequired);
}
