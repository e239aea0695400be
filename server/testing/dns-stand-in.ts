/**
 * A stand-in for DNS in server tests (the machine running them may have none): the names tests
 * register push endpoints under, with the addresses they resolve to, public and not. Any other
 * name does not resolve. Passed to the push sender by harness.ts (endpoint-guard.ts).
 */
import net from "node:net";
import type { LookupAll } from "../providers/push/endpoint-guard";

export const TEST_DNS: Record<string, string[]> = {
  // Public push services.
  "fcm.googleapis.com": ["142.250.74.106", "2a00:1450:4001:80b::200a"],
  "updates.push.services.mozilla.com": ["34.117.237.239"],
  "push.example.org": ["93.184.215.14"],
  // Names that look public but are not.
  "127.0.0.1.nip.io": ["127.0.0.1"],
  "localhost.": ["127.0.0.1", "::1"],
  "metadata.google.internal": ["169.254.169.254"],
  "intranet.church.example": ["10.20.0.5"],
  "printer.church.example": ["192.168.1.20"],
  "cgnat.example.org": ["100.64.12.1"],
  "ula.example.org": ["fd12:3456::1"],
  "mapped.example.org": ["::ffff:10.0.0.1"],
  "multicast.example.org": ["224.0.0.251"],
  "zero.example.org": ["0.0.0.0"],
  // One public address and one private: refused (the connection could go to either).
  "mixed.example.org": ["93.184.215.14", "192.168.1.10"],
};

export const testLookup: LookupAll = async (host) => {
  const addresses = TEST_DNS[host.toLowerCase()];
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
  return addresses.map((address) => ({ address, family: net.isIP(address) }));
};
