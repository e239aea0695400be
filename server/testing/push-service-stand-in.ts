/**
 * A local stand-in for a Web Push service (what Google's, Mozilla's or Apple's push servers do
 * with our requests), for server and browser tests. It speaks RFC 8030: a POST to the
 * subscription's endpoint with TTL, Content-Encoding: aes128gcm and a VAPID Authorization
 * header (RFC 8292), answering 201 Created. It checks the VAPID JWT's ES256 signature against
 * the key in the header (and, if given, that the key is the server's), its audience and expiry,
 * then decrypts the payload the way a browser would (RFC 8291), with the subscription's
 * private key and auth secret, which only the "browser" side (the test) holds.
 *
 * Tests script answers per endpoint (e.g. 410 Gone, or 500 then 201) to exercise clean-up and
 * retries. node:http on port 0; nothing here is used by the app itself.
 */
import http from "node:http";
import { createECDH, createDecipheriv, createPublicKey, hkdfSync, randomBytes, randomUUID, verify, type ECDH } from "node:crypto";
import type { AddressInfo } from "node:net";

export interface ReceivedPush {
  /** The endpoint's id (the last path segment). */
  id: string;
  status: number;
  ttl: string | undefined;
  urgency: string | undefined;
  topic: string | undefined;
  /** The VAPID claims, when the Authorization header verified. */
  vapid?: { aud: string; sub: string; exp: number; k: string };
  /** The decrypted payload (JSON parsed when it is JSON). */
  payload?: unknown;
  /** Why the push was refused or could not be read. */
  error?: string;
}

interface BrowserKeys {
  ecdh: ECDH;
  publicRaw: Buffer;
  auth: Buffer;
}

export interface StandInSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

const b64url = (b: Buffer) => b.toString("base64url");

function publicKeyFromRaw(raw: Buffer) {
  return createPublicKey({ key: { kty: "EC", crv: "P-256", x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33, 65)) }, format: "jwk" });
}

/** RFC 8291 + RFC 8188, receiving side, one record. */
export function decryptAes128gcm(body: Buffer, keys: BrowserKeys): Buffer {
  if (body.length < 21) throw new Error("body too short for an aes128gcm header");
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20];
  const asPublic = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  if (idlen !== 65 || asPublic[0] !== 0x04) throw new Error("keyid is not the sender's uncompressed P-256 key");
  if (record.length > rs) throw new Error("more than one record");
  const ecdhSecret = keys.ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0", "latin1"), keys.publicRaw, asPublic]);
  const ikm = Buffer.from(hkdfSync("sha256", ecdhSecret, keys.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0", "latin1"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0", "latin1"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end -= 1;
  if (plain[end] !== 0x02) throw new Error("missing the last-record padding delimiter");
  return plain.subarray(0, end);
}

/** Checks `Authorization: vapid t=<jwt>, k=<key>` (RFC 8292). Returns the claims or throws why not. */
export function verifyVapid(header: string | undefined, audience: string, expectedKey?: string) {
  const m = /^vapid t=([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? "");
  if (!m) throw new Error("no vapid Authorization header");
  const [jwt, k] = [m[1], m[2]];
  if (expectedKey && k !== expectedKey) throw new Error("the VAPID key is not the one the subscription was made with");
  const [h, p, s] = jwt.split(".");
  const head = JSON.parse(Buffer.from(h, "base64url").toString()) as { alg?: string };
  if (head.alg !== "ES256") throw new Error("JWT is not ES256");
  const ok = verify("sha256", Buffer.from(`${h}.${p}`), { key: publicKeyFromRaw(Buffer.from(k, "base64url")), dsaEncoding: "ieee-p1363" }, Buffer.from(s, "base64url"));
  if (!ok) throw new Error("bad JWT signature");
  const claims = JSON.parse(Buffer.from(p, "base64url").toString()) as { aud: string; sub: string; exp: number };
  const now = Math.floor(Date.now() / 1000);
  if (claims.aud !== audience) throw new Error(`JWT audience ${claims.aud} is not ${audience}`);
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600)) throw new Error("JWT expiry is not within 24 hours");
  if (!/^(mailto:|https:)/.test(claims.sub ?? "")) throw new Error("JWT subject is not mailto: or https:");
  return { ...claims, k };
}

export async function startPushServiceStandIn(opts: { host?: string; port?: number } = {}) {
  const keysById = new Map<string, BrowserKeys>();
  const scripted = new Map<string, number[]>();
  const received: ReceivedPush[] = [];
  const waiters = new Set<() => void>();
  let expectedKey: string | undefined;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const id = (req.url ?? "").split("/").pop() ?? "";
      const entry: ReceivedPush = {
        id,
        status: 201,
        ttl: req.headers.ttl as string | undefined,
        urgency: req.headers.urgency as string | undefined,
        topic: req.headers.topic as string | undefined,
      };
      const finish = (status: number, error?: string) => {
        entry.status = status;
        if (error) entry.error = error;
        received.push(entry);
        res.writeHead(status, status === 201 ? { location: `${base}/message/${randomUUID()}` } : {}).end(error ?? "");
        for (const w of waiters) w();
      };
      if (req.method !== "POST" || !req.url?.startsWith("/push/")) return finish(404, "unknown endpoint");
      try {
        entry.vapid = verifyVapid(req.headers.authorization, base, expectedKey);
      } catch (err) {
        return finish(403, (err as Error).message);
      }
      if (req.headers["content-encoding"] !== "aes128gcm") return finish(400, "Content-Encoding must be aes128gcm");
      if (req.headers.ttl === undefined) return finish(400, "TTL header missing");
      const keys = keysById.get(id);
      if (!keys) return finish(404, "no such subscription");
      try {
        const text = decryptAes128gcm(Buffer.concat(chunks), keys).toString("utf8");
        try {
          entry.payload = JSON.parse(text);
        } catch {
          entry.payload = text;
        }
      } catch (err) {
        return finish(400, `could not decrypt: ${(err as Error).message}`);
      }
      const queue = scripted.get(id);
      finish(queue?.length ? queue.shift()! : 201);
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, opts.host ?? "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://${opts.host ?? "127.0.0.1"}:${port}`;

  return {
    url: base,
    received,
    /** Refuse pushes signed with any other VAPID key (403, as a real push service does). */
    expectVapidKey(key: string) {
      expectedKey = key;
    },
    /** A browser's subscription: a fresh P-256 key pair and auth secret, kept here to decrypt. */
    subscribe(): { subscription: StandInSubscription; token: string; id: string } {
      const id = randomUUID();
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const keys = { ecdh, publicRaw: ecdh.getPublicKey(), auth: randomBytes(16) };
      keysById.set(id, keys);
      const subscription = { endpoint: `${base}/push/${id}`, keys: { p256dh: b64url(keys.publicRaw), auth: b64url(keys.auth) } };
      return { subscription, token: JSON.stringify({ ...subscription, expirationTime: null }), id };
    },
    /** Keys a real browser made (its private key as a JWK, `d` being the scalar), for endpoint `id`. */
    addBrowserKeys(id: string, privateJwk: { d: string; x: string; y: string }, auth: string) {
      const ecdh = createECDH("prime256v1");
      ecdh.setPrivateKey(Buffer.from(privateJwk.d, "base64url"));
      keysById.set(id, { ecdh, publicRaw: ecdh.getPublicKey(), auth: Buffer.from(auth, "base64url") });
    },
    /** The next answers for endpoint `id` (then 201 again). */
    respond(id: string, ...statuses: number[]) {
      scripted.set(id, [...(scripted.get(id) ?? []), ...statuses]);
    },
    pushesTo(id: string) {
      return received.filter((r) => r.id === id);
    },
    /** Resolves once `predicate` holds for what was received (or rejects after `timeoutMs`). */
    waitFor(predicate: (received: ReceivedPush[]) => boolean, timeoutMs = 10_000) {
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (predicate(received)) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve();
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`push stand-in: condition not met in ${timeoutMs} ms; received ${JSON.stringify(received)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close() {
      return new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}

export type PushServiceStandIn = Awaited<ReturnType<typeof startPushServiceStandIn>>;
