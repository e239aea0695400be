/**
 * Passkeys and two-step sign-in: request and answer schemas (docs/decisions/0102). Texts and
 * limits are in two-step-text.ts (no zod), re-exported here.
 */
import { z } from "./zod-setup";
import { ZOwnUser } from "./auth";
import { PASSKEY_NAME_MAX, SECOND_STEP_METHODS, TOTP_DIGITS, TWO_STEP_TEXT } from "./two-step-text";
import { PASSWORD_MAX } from "./auth-text";
import { displayText } from "./display-text";

export * from "./two-step-text";

/** base64url text as WebAuthn's JSON forms carry it, bounded so a body cannot be made huge. */
const b64url = (max: number) => z.string().min(1).max(max).regex(/^[A-Za-z0-9_-]+={0,2}$/);

/** What @simplewebauthn/browser's startRegistration() answers (only the fields the server reads). */
export const ZRegistrationCredential = z.object({
  id: b64url(1024),
  rawId: b64url(1024),
  type: z.literal("public-key"),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  response: z.object({
    clientDataJSON: b64url(4096),
    attestationObject: b64url(16_384),
    authenticatorData: b64url(16_384).optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64url(4096).optional(),
  }),
});

/** What startAuthentication() answers. */
export const ZAuthenticationCredential = z.object({
  id: b64url(1024),
  rawId: b64url(1024),
  type: z.literal("public-key"),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  // Bounded near real assertions (a user handle is at most 64 bytes, an RSA-4096 signature 512),
  // so the public sign-in bodies stay under 8 KB (server/http/json-body.ts).
  response: z.object({
    clientDataJSON: b64url(2048),
    authenticatorData: b64url(2048),
    signature: b64url(1024),
    userHandle: b64url(128).optional(),
  }),
});

/** Shown back to the member (and read aloud by a screen reader): no invisible format characters. */
const passkeyName = displayText().trim().min(1).max(PASSKEY_NAME_MAX);

export const ZRegisterPasskey = z.object({ credential: ZRegistrationCredential, name: passkeyName.optional() });
export const ZRenamePasskey = z.object({ name: passkeyName });
export const ZPasskeySignIn = z.object({ credential: ZAuthenticationCredential });

export const ZPasskey = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof ZPasskey>;

/**
 * WebAuthn options as the browser library takes them (PublicKeyCredentialCreationOptionsJSON /
 * RequestOptionsJSON): built by @simplewebauthn/server, passed through unchanged.
 */
export const ZWebAuthnOptions = z.record(z.string(), z.unknown());

const code = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`), TWO_STEP_TEXT.badCode);
/** A recovery code as printed ("abcd-efgh-jkmn"); case, spaces and dashes are forgiven. */
const recoveryCode = z.string().trim().min(8).max(40);

export const ZTotpConfirm = z.object({ code });
/** Setting up the app: the otpauth:// link, its key, and the link as a QR code (an SVG data: URL, which the CSP's img-src allows). */
export const ZTotpSetup = z.object({ uri: z.string(), secret: z.string(), qr: z.string() });
export const ZRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
/** Turning the app off: a current code, or the password. */
export const ZTotpDisable = z
  .object({ code: code.optional(), password: z.string().min(1).max(PASSWORD_MAX).optional() })
  .refine((b) => b.code !== undefined || b.password !== undefined, { message: TWO_STEP_TEXT.proofNeeded });

/** GET /api/auth/two-step: the signed-in member's own second steps. */
export const ZTwoStepStatus = z.object({
  totp: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  passkeys: z.number().int(),
  /** The church requires a second step of this member (staff, when the owner turned it on). */
  required: z.boolean(),
});
export type TwoStepStatus = z.infer<typeof ZTwoStepStatus>;

/** The second call of a password sign-in: the ticket and one proof. */
export const ZSecondStep = z.union([
  z.object({ ticket: z.string().min(1).max(200), code }),
  z.object({ ticket: z.string().min(1).max(200), recoveryCode }),
  z.object({ ticket: z.string().min(1).max(200), credential: ZAuthenticationCredential }),
]);
export const ZTicket = z.object({ ticket: z.string().min(1).max(200) });

/** The answer to a password that needs a second step: no session yet. */
export const ZTwoStepPending = z.object({
  twoStepRequired: z.literal(true),
  methods: z.array(z.enum(SECOND_STEP_METHODS)),
  ticket: z.string(),
});
export type TwoStepPending = z.infer<typeof ZTwoStepPending>;

/**
 * POST /api/auth/login answers a session (as ever, plus `twoStepSetup` when the church requires
 * a second step this staff member has not set up yet), or a pending second step.
 */
export const ZLoginAnswer = z.union([
  z.object({ token: z.string(), user: ZOwnUser, twoStepSetup: z.literal(true).optional() }),
  ZTwoStepPending,
]);

/** GET/PUT /api/auth/staff-two-step (owner). */
export const ZStaffTwoStep = z.object({ required: z.boolean() });
