/**
 * Web Push (docs/architecture.md, Providers: a standard with VAPID keys, no vendor).
 * There is no sandbox: the standard *is* the vendor. A subscription names its push service
 * (Google's, Mozilla's, Apple's, Microsoft's) in its endpoint, and we POST the encrypted message
 * there; tests point subscriptions at a local stand-in push service.
 */

/** What a browser's PushSubscription gives us (its endpoint and keys). */
export interface PushTarget {
  endpoint: string;
  /** The browser's P-256 public key, base64url. */
  p256dh: string;
  /** The browser's 16-byte auth secret, base64url. */
  auth: string;
}

export interface PushMessage {
  /** The JSON the service worker receives (encrypted with aes128gcm, RFC 8291). */
  payload: string;
  /** Seconds the push service keeps it for an offline device. */
  ttlSeconds: number;
  urgency?: "very-low" | "low" | "normal" | "high";
  /** A later push with the same topic replaces an undelivered earlier one (RFC 8030). */
  topic?: string;
}

export type PushResult =
  | { outcome: "sent"; status: number }
  /** 404 or 410: the subscription is gone for good; forget it. */
  | { outcome: "gone"; status: number }
  /** Worth trying again later (network error, timeout, 429, 5xx). */
  | { outcome: "retry"; status?: number; error: string; retryAfterSeconds?: number }
  /** Will never work as it is (400, 401, 403, 413, a malformed subscription). */
  | { outcome: "failed"; status?: number; error: string };

export interface PushSender {
  /** The VAPID public key browsers subscribe with (applicationServerKey), base64url. */
  publicKey(): Promise<string>;
  /** Whether pushes may be sent to this endpoint: its host resolves to public addresses only (endpoint-guard.ts). */
  acceptsEndpoint(endpoint: string): Promise<boolean>;
  send(target: PushTarget, message: PushMessage): Promise<PushResult>;
}
