/**
 * Standard Web Push: the `web-push` package encrypts the payload (aes128gcm, RFC 8291) and
 * signs the VAPID JWT (RFC 8292); we POST the request it describes ourselves with node:https,
 * so that redirects are never followed (node's client does not follow them), a slow push service
 * times out, the connection goes only to an address checked to be public (endpoint-guard.ts),
 * and the local stand-in of tests can speak plain http on 127.0.0.1 (web-push's own sender only
 * speaks https and resolves the name itself).
 */
import http from "node:http";
import https from "node:https";
import webpush from "web-push";
import type { PushMessage, PushResult, PushSender, PushTarget } from "./port";
import type { VapidKeys } from "./vapid";
import { checkHost, LOCAL_TEST_HOSTS, pinnedLookup, systemLookup, type LookupAll } from "./endpoint-guard";

export function createWebPushSender(opts: {
  vapidKeys: () => Promise<VapidKeys>;
  timeoutMs?: number;
  /** How host names are resolved (tests pass a stand-in resolver). */
  lookup?: LookupAll;
  /** NODE_ENV=test only: endpoints on localhost/127.0.0.1/[::1] are reached without the check (endpoint-guard.ts). */
  allowLocalTestHosts?: boolean;
}): PushSender {
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const lookup = opts.lookup ?? systemLookup;
  const localTest = (url: URL) => !!opts.allowLocalTestHosts && LOCAL_TEST_HOSTS.has(url.hostname);

  return {
    async publicKey() {
      return (await opts.vapidKeys()).publicKey;
    },
    async acceptsEndpoint(endpoint: string) {
      const url = new URL(endpoint);
      return localTest(url) || "addresses" in (await checkHost(url.hostname, lookup));
    },
    async send(target: PushTarget, message: PushMessage): Promise<PushResult> {
      const vapid = await opts.vapidKeys();
      let request: ReturnType<typeof webpush.generateRequestDetails>;
      try {
        request = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, message.payload, {
          vapidDetails: vapid,
          TTL: message.ttlSeconds,
          urgency: message.urgency ?? "normal",
          ...(message.topic ? { topic: message.topic } : {}),
          contentEncoding: "aes128gcm",
        });
      } catch (err) {
        // A malformed subscription (bad keys): no push service would take it.
        return { outcome: "failed", error: err instanceof Error ? err.message : String(err) };
      }
      const url = new URL(request.endpoint);
      // Checked again at each send: the name may resolve elsewhere since it was registered.
      let pinned: ReturnType<typeof pinnedLookup> | undefined;
      if (!localTest(url)) {
        const checked = await checkHost(url.hostname, lookup);
        if ("refused" in checked) {
          return checked.refused === "unresolved"
            ? { outcome: "retry", error: `the push service's name ${url.hostname} does not resolve` }
            : { outcome: "failed", error: `the push service's name ${url.hostname} resolves to an address that is not public` };
        }
        pinned = pinnedLookup(checked.addresses);
      }
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
      try {
        const res = await post(url, { method: request.method, headers, body: request.body ?? undefined, lookup: pinned, timeoutMs });
        return classify(res.status, res.text.slice(0, 300), res.retryAfter);
      } catch (err) {
        return { outcome: "retry", error: err instanceof Error ? `${err.name}: ${err.message}` : String(err) };
      }
    },
  };
}

/** One request, no redirects followed; the answer's status, the start of its text and its Retry-After. */
function post(
  url: URL,
  o: { method: string; headers: Record<string, string>; body?: Buffer; lookup?: ReturnType<typeof pinnedLookup>; timeoutMs: number },
): Promise<{ status: number; text: string; retryAfter: string | null }> {
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(url, { method: o.method, headers: o.headers, signal: AbortSignal.timeout(o.timeoutMs), ...(o.lookup ? { lookup: o.lookup } : {}) }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (c: Buffer) => {
        // Only the start of the answer is kept (for the log); the rest is read and dropped.
        if (size < 4096) chunks.push(c);
        size += c.length;
      });
      res.on("end", () => {
        const retryAfter = res.headers["retry-after"];
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8"), retryAfter: typeof retryAfter === "string" ? retryAfter : null });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(o.body);
  });
}

/** RFC 8030 and the push services' documented answers. */
export function classify(status: number, body: string, retryAfter: string | null): PushResult {
  if (status >= 200 && status < 300) return { outcome: "sent", status };
  if (status === 404 || status === 410) return { outcome: "gone", status };
  const error = `push service answered ${status}${body ? `: ${body}` : ""}`;
  if (status === 429 || status === 408 || status >= 500) {
    const seconds = retryAfter && /^\d+$/.test(retryAfter) ? Number(retryAfter) : undefined;
    return { outcome: "retry", status, error, ...(seconds !== undefined ? { retryAfterSeconds: seconds } : {}) };
  }
  return { outcome: "failed", status, error };
}
