/**
 * Secrets at rest (docs/architecture.md, Providers: OAuth tokens, API keys, bank access tokens are
 * encrypted with a key from config). AES-256-GCM with a fresh 96-bit IV per value; the
 * stored form is "v1.<keyId>.<base64url(iv | tag | ciphertext)>", so a value sealed with
 * another key is recognised and refused instead of decrypting to garbage. `context` binds a
 * value to its place (e.g. "integration:ghl:access"): a ciphertext copied into another row
 * or column does not open.
 *
 * The key: SECRETS_KEY (32 bytes, base64 or 64 hex characters). Without it, a key is
 * generated once and kept in DATA_DIR/secrets.key (mode 0600), which suits the embedded
 * database on one machine; several servers on one PostgreSQL must share SECRETS_KEY
 * (production refuses to start without it, see config.ts).
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export interface SecretBox {
  seal(plaintext: string, context: string): string;
  open(sealed: string, context: string): string;
  /**
   * A keyed fingerprint (HMAC-SHA256, base64url) of a value that must never be kept itself,
   * such as a card number: equal values give equal fingerprints, and without the key nobody can
   * test a guess against one. The MAC key is derived from the secrets key and never used to seal.
   */
  mac(value: string, context: string): string;
}

const VERSION = "v1";

export function parseSecretsKey(value: string): Buffer {
  const v = value.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(v) ? Buffer.from(v, "hex") : Buffer.from(v, "base64");
  if (key.length !== 32) throw new Error("SECRETS_KEY must be 32 bytes, as base64 or 64 hex characters");
  return key;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error("The secrets key must be 32 bytes");
  const keyId = createHash("sha256").update(key).digest("base64url").slice(0, 8);
  const macKey = createHmac("sha256", key).update("koinonia:mac:v1").digest();
  return {
    mac(value, context) {
      return createHmac("sha256", macKey).update(context, "utf8").update("\0").update(value, "utf8").digest("base64url");
    },
    seal(plaintext, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      cipher.setAAD(Buffer.from(context, "utf8"));
      const ct = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      return `${VERSION}.${keyId}.${Buffer.concat([iv, cipher.getAuthTag(), ct]).toString("base64url")}`;
    },
    open(sealed, context) {
      const [version, id, body] = sealed.split(".");
      if (version !== VERSION || !body) throw new Error("Not a sealed secret");
      if (id !== keyId) throw new Error("This secret was sealed with another SECRETS_KEY");
      const raw = Buffer.from(body, "base64url");
      const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
      decipher.setAAD(Buffer.from(context, "utf8"));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
    },
  };
}

/** SECRETS_KEY if set, else the key kept in DATA_DIR/secrets.key (created on first start). */
export function loadSecretsKey(opts: { secretsKey?: string; dataDir: string }): Buffer {
  if (opts.secretsKey) return parseSecretsKey(opts.secretsKey);
  const file = path.join(opts.dataDir, "secrets.key");
  if (fs.existsSync(file)) return parseSecretsKey(fs.readFileSync(file, "utf8"));
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const key = randomBytes(32);
  fs.writeFileSync(file, key.toString("base64") + "\n", { mode: 0o600, flag: "wx" });
  return key;
}
