import { z } from "./zod-setup";
import { AUTH_TEXT, EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from "./auth-text";
import { ACCOUNT_SECURITY_TEXT } from "./account-security-text";

export * from "./account-security-text";

/** POST /api/me/password: the new password follows the registration rules (contract/auth.ts). */
export const ZChangePassword = z.object({
  currentPassword: z.string().min(1, ACCOUNT_SECURITY_TEXT.currentPasswordRequired).max(PASSWORD_MAX, ACCOUNT_SECURITY_TEXT.wrongCurrentPassword),
  newPassword: z.string().min(PASSWORD_MIN, AUTH_TEXT.passwordMin).max(PASSWORD_MAX, AUTH_TEXT.passwordMax),
});
export type ChangePasswordInput = z.infer<typeof ZChangePassword>;

/** POST /api/me/email */
export const ZChangeEmail = z.object({
  newEmail: z
    .string({ error: AUTH_TEXT.invalidEmail })
    .trim()
    .max(EMAIL_MAX, AUTH_TEXT.invalidEmail)
    .pipe(z.email({ error: AUTH_TEXT.invalidEmail })),
  currentPassword: z.string().min(1, ACCOUNT_SECURITY_TEXT.currentPasswordRequired).max(PASSWORD_MAX, ACCOUNT_SECURITY_TEXT.wrongCurrentPassword),
});
export type ChangeEmailInput = z.infer<typeof ZChangeEmail>;

/** POST /api/auth/confirm-email: the token from the link (public: the link may open in another browser). */
export const ZConfirmEmail = z.object({ token: z.string().min(1).max(200) });

/** GET /api/me/email: the pending change, if any (Profile shows "waiting for you to confirm"). */
export const ZEmailStatus = z.object({ email: z.string(), pendingEmail: z.string().nullable() });
export type EmailStatus = z.infer<typeof ZEmailStatus>;

/** One of the member's signed-in sessions (GET /api/me/sessions). */
export const ZDeviceSession = z.object({
  id: z.string(),
  /** The model when the browser names one ("iPhone", "iPad", "Pixel 7"), else null (the client shows `os`). */
  device: z.string().nullable(),
  /** "Safari 17", "Chrome 120"..., or null. */
  browser: z.string().nullable(),
  os: z.string().nullable(),
  createdAt: z.string(),
  /** Approximate (written at most every few minutes); null when not used since it began. */
  lastUsedAt: z.string().nullable(),
  current: z.boolean(),
});
export type DeviceSession = z.infer<typeof ZDeviceSession>;
/** At most this many sessions are listed, the most recently used (GET /api/me/sessions; issue 23: no answer grows without bound). */
export const DEVICE_SESSIONS_MAX = 50;
export const ZDeviceSessions = z.object({ sessions: z.array(ZDeviceSession) });
