/**
 * A passkey in software for the server tests: an ES256 key pair that answers WebAuthn
 * registration ("none" attestation) and sign-in exactly as a platform authenticator does, with
 * user presence and verification, so the real @simplewebauthn verification runs on it. The
 * browser tests use Chromium's virtual authenticator instead (tests/e2e/passkeys.spec.ts).
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";

const sha256 = (data: Buffer | string) => createHash("sha256").update(data).digest();

/** CBOR heads for the few types used here (RFC 8949): a byte or text string, a map. */
function head(major: number, length: number) {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
}
const bytes = (b: Buffer) => Buffer.concat([head(2, b.length), b]);
const text = (s: string) => Buffer.concat([head(3, Buffer.byteLength(s)), Buffer.from(s)]);

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface SoftPasskey {
  credentialId: string;
  /** navigator.credentials.create()'s JSON answer to registration options. */
  register(options: { challenge: string; rp: { id?: string }; user: { id: string } }, origin: string): Record<string, unknown>;
  /** navigator.credentials.get()'s JSON answer to a challenge. */
  assert(challenge: string, rpId: string, origin: string, overrides?: { userVerified?: boolean }): Record<string, unknown>;
}

export function softPasskey(): SoftPasskey {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const x = Buffer.from(jwk.x!, "base64url");
  const y = Buffer.from(jwk.y!, "base64url");
  // COSE_Key {1: 2 (EC2), 3: -7 (ES256), -1: 1 (P-256), -2: x, -3: y}
  const coseKey = Buffer.concat([Buffer.from([0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21]), bytes(x), Buffer.from([0x22]), bytes(y)]);
  const credId = randomBytes(16);
  let userHandle = "";
  let count = 0;

  const clientData = (type: string, challenge: string, origin: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  return {
    credentialId: credId.toString("base64url"),
    register(options, origin) {
      userHandle = options.user.id;
      const rpId = options.rp.id ?? new URL(origin).hostname;
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([FLAG_UP | FLAG_UV | FLAG_AT]),
        Buffer.alloc(4),
        Buffer.alloc(16), // AAGUID: none
        Buffer.from([credId.length >> 8, credId.length & 0xff]),
        credId,
        coseKey,
      ]);
      const attestationObject = Buffer.concat([Buffer.from([0xa3]), text("fmt"), text("none"), text("attStmt"), Buffer.from([0xa0]), text("authData"), bytes(authData)]);
      return {
        id: credId.toString("base64url"),
        rawId: credId.toString("base64url"),
        type: "public-key",
        clientExtensionResults: {},
        response: {
          clientDataJSON: clientData("webauthn.create", options.challenge, origin).toString("base64url"),
          attestationObject: attestationObject.toString("base64url"),
          transports: ["internal"],
        },
      };
    },
    assert(challenge, rpId, origin, overrides = {}) {
      count += 1;
      const flags = FLAG_UP | (overrides.userVerified === false ? 0 : FLAG_UV);
      const authData = Buffer.concat([sha256(rpId), Buffer.from([flags]), Buffer.from([0, 0, count >> 8, count & 0xff])]);
      const cd = clientData("webauthn.get", challenge, origin);
      const signature = sign("sha256", Buffer.concat([authData, sha256(cd)]), privateKey as KeyObject);
      return {
        id: credId.toString("base64url"),
        rawId: credId.toString("base64url"),
        type: "public-key",
        clientExtensionResults: {},
        response: {
          clientDataJSON: cd.toString("base64url"),
          authenticatorData: authData.toString("base64url"),
          signature: signature.toString("base64url"),
          ...(userHandle ? { userHandle } : {}),
        },
      };
    },
  };
}
