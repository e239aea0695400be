/**
 * The VAPID key pair (RFC 8292) that signs every push and that browsers subscribe with.
 * From config (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY) when given; otherwise generated once and
 * kept in the database (`push_vapid_keys`, private key sealed with the secrets key), so every
 * server process and every restart uses the same pair. Changing the pair would orphan every
 * subscription (push services refuse a JWT signed by another key), so it is never rotated
 * silently: a sealed key that no longer opens (SECRETS_KEY changed) is an error, not a reason
 * to generate a new pair.
 */
import webpush from "web-push";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { SecretBox } from "../../security/secret-box";
import { pushVapidKeys } from "../../db/schema/notifications";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const SEAL_CONTEXT = "push:vapid:private";

export function createVapidKeySource(opts: {
  db: Db;
  secrets: SecretBox;
  config: { vapidPublicKey?: string; vapidPrivateKey?: string; vapidSubject: string };
}): () => Promise<VapidKeys> {
  const { config } = opts;
  let cached: Promise<VapidKeys> | null = null;

  async function load(): Promise<VapidKeys> {
    if (config.vapidPublicKey && config.vapidPrivateKey) {
      return { publicKey: config.vapidPublicKey, privateKey: config.vapidPrivateKey, subject: config.vapidSubject };
    }
    const read = async () => (await opts.db.select().from(pushVapidKeys).where(eq(pushVapidKeys.id, 1)))[0];
    let row = await read();
    if (!row) {
      const fresh = webpush.generateVAPIDKeys();
      // Two processes starting at once: one insert wins and both read the winner.
      await opts.db
        .insert(pushVapidKeys)
        .values({ id: 1, publicKey: fresh.publicKey, privateKeySealed: opts.secrets.seal(fresh.privateKey, SEAL_CONTEXT) })
        .onConflictDoNothing();
      row = await read();
    }
    let privateKey: string;
    try {
      privateKey = opts.secrets.open(row.privateKeySealed, SEAL_CONTEXT);
    } catch (err) {
      throw new Error(
        `The stored VAPID private key does not open with this SECRETS_KEY (${err instanceof Error ? err.message : String(err)}). Restore the key it was sealed with, or set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY.`,
      );
    }
    return { publicKey: row.publicKey, privateKey, subject: config.vapidSubject };
  }

  return () => {
    cached ??= load().catch((err) => {
      cached = null; // a database hiccup is retried on the next call
      throw err;
    });
    return cached;
  };
}
