import type { TrustProxy } from "../config";

/**
 * TRUST_PROXY as Fastify's `trustProxy` option (decision 0091). Addresses and CIDRs go as they
 * are: proxy-addr walks X-Forwarded-For from the right, past the proxies named, and the first
 * address that is not one of them is the caller. A hop count becomes a function: Fastify 5.12
 * refuses a plain number (a caller that reaches the app directly could write the hops itself),
 * so a count is only safe when the app cannot be reached except through its proxies, as the
 * README says; the addresses are the safer choice.
 */
export function fastifyTrustProxy(tp: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (!tp) return false;
  if ("hops" in tp) {
    const hops = tp.hops;
    return (_address, hop) => hop < hops;
  }
  return tp.addresses;
}
