/**
 * Standard Web Push: the `web-push` package encrypts the payload (aes128gcm, RFC 8291) and
 * signs the VAPID JWT (RFC 8292); we POST the request it describes ourselves with fetch, so that
 * redirects are never followed, a slow push service times out, and the local stand-in of tests
 * can speak plain http on localhost (web-push's own sender only speaks https).
 */
import webpush from "web-push";
import type { PushMessage, PushResult, PushSender, PushTarget } from "./port";
import type { VapidKeys } from "./vapid";

export function createWebPushSender(opts: { vapidKeys: () => Promise<VapidKeys>; timeoutMs?: number; fetch?: typeof fetch }): PushSender {
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 15_000;
  return {
    async publicKey() {
      return (await opts.vapidKeys()).publicKey;
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
      const headers = Object.fromEntries(
        Object.entries(request.headers)
          .filter(([name]) => name.toLowerCase() !== "content-length") // fetch sets it from the body
          .map(([name, value]) => [name, String(value)]),
      );
      let res: Response;
      try {
        res = await doFetch(request.endpoint, {
          method: request.method,
          headers,
          body: request.body ? new Uint8Array(request.body) : undefined,
          redirect: "manual",
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        return { outcome: "retry", error: err instanceof Error ? `${err.name}: ${err.message}` : String(err) };
      }
      const text = (await res.text().catch(() => "")).slice(0, 300);
      return classify(res.status, text, res.headers.get("retry-after"));
    },
  };
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
