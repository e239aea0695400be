/**
 * Where the server may POST a push: only to addresses on the public internet.
 *
 * A member registers a push endpoint, and the delivery job later POSTs to it: without a guard a
 * member could point the server at addresses inside its network (the cloud's metadata service,
 * the database, an admin page) and make it send requests there. The text of the host name proves
 * nothing (`127.0.0.1.nip.io`, `localhost.` and an intranet name all look public), so the name is
 * resolved (every address it has) when the endpoint is registered and again when a push is
 * sent, and each address must be public unicast: not loopback, link-local, private,
 * unique-local, carrier-grade NAT, multicast, unspecified, reserved, or an IPv4-mapped or
 * translated form of one of these (ipaddr.js's ranges; everything but "unicast" is refused).
 * The connection itself is made to the address that was checked (checkHost's addresses are the
 * only answer its lookup gives), so the name cannot resolve to another address between the check
 * and the connection (DNS rebinding). Redirects are never followed (web-push.ts).
 *
 * Test-only allowance: with NODE_ENV=test (config.push.allowLocalhostEndpoints), an endpoint
 * whose host is literally `localhost`, `127.0.0.1` or `[::1]` skips the check, so the tests'
 * stand-in push service on 127.0.0.1 can be reached. Nothing else is allowed in tests either.
 */
import dns from "node:dns";
import net from "node:net";
import ipaddr from "ipaddr.js";

export interface ResolvedAddress {
  address: string;
  family: number;
}
/** Every address of a host name (node:dns lookup with all: true); tests pass a stand-in resolver. */
export type LookupAll = (host: string) => Promise<ResolvedAddress[]>;

export const systemLookup: LookupAll = (host) => dns.promises.lookup(host, { all: true, verbatim: true });

/** The host names of the tests' local stand-in push service (see the allowance above). */
export const LOCAL_TEST_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Whether `ip` is a public unicast address (an IPv4-mapped IPv6 address is judged as its IPv4). */
export function isPublicAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  return ipaddr.process(ip).range() === "unicast";
}

export type HostCheck = { addresses: ResolvedAddress[] } | { refused: "not-public" | "unresolved" };

/**
 * The addresses of `host` (a URL's hostname: an IPv6 literal keeps its brackets) if every one of
 * them is public; else why not: one is not public, or the name does not resolve (which may pass:
 * the sender tries again later, registration refuses it).
 */
export async function checkHost(host: string, lookup: LookupAll): Promise<HostCheck> {
  const bare = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  const family = net.isIP(bare);
  if (family) return isPublicAddress(bare) ? { addresses: [{ address: bare, family }] } : { refused: "not-public" };
  let found: ResolvedAddress[];
  try {
    found = await lookup(bare);
  } catch {
    return { refused: "unresolved" };
  }
  if (!found.length) return { refused: "unresolved" };
  if (!found.every((a) => isPublicAddress(a.address))) return { refused: "not-public" };
  return { addresses: found };
}

/**
 * A `lookup` for node:http(s) that answers with the addresses already checked, and nothing else:
 * the connection goes where the check said it may. (Node calls it with `all: true` when it tries
 * several addresses in turn, else wants one address and its family.)
 */
export function pinnedLookup(addresses: ResolvedAddress[]): net.LookupFunction {
  return ((_host: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
    const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
    if (!wanted.length) return callback(Object.assign(new Error("no checked address of the wanted family"), { code: "ENOTFOUND" }));
    if (options.all) return callback(null, wanted);
    callback(null, wanted[0].address, wanted[0].family);
  }) as unknown as net.LookupFunction;
}
