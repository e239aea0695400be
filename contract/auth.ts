import { z } from "./zod-setup";
import { displayText } from "./display-text";
import { ROLES } from "./roles";
import { LOCALES } from "./i18n/locales";

export * from "./auth-text";
import { AUTH_TEXT, EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from "./auth-text";

const email = z
  .string({ error: AUTH_TEXT.invalidEmail })
  .trim()
  .max(EMAIL_MAX, AUTH_TEXT.invalidEmail)
  .pipe(z.email({ error: AUTH_TEXT.invalidEmail }));

const newPassword = z
  .string()
  .min(PASSWORD_MIN, AUTH_TEXT.passwordMin)
  .max(PASSWORD_MAX, AUTH_TEXT.passwordMax);

export const ZLogin = z.object({
  email,
  password: z.string().min(1, AUTH_TEXT.passwordRequired).max(PASSWORD_MAX, AUTH_TEXT.badCredentials),
});
export type LoginInput = z.infer<typeof ZLogin>;

export const ZRegister = z.object({
  firstName: displayText().trim().min(1, AUTH_TEXT.firstNameRequired).max(NAME_MAX),
  lastName: displayText().trim().min(1, AUTH_TEXT.lastNameRequired).max(NAME_MAX),
  email,
  password: newPassword,
});
export type RegisterInput = z.infer<typeof ZRegister>;

export const ZForgotPassword = z.object({ email });
export const ZResetPassword = z.object({
  token: z.string().min(1).max(200),
  password: newPassword,
});

export const ZUser = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(ROLES),
  /** The finance permission (decision 0113): sees donor-level giving. Always true for an OWNER. */
  finance: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof ZUser>;

/** The member's own user (GET /api/church/me, sign-in, PATCH /api/me): what staff see, plus phone and photo (issue 20). */
export const ZOwnUser = ZUser.extend({
  /** E.164, or null. */
  phone: z.string().nullable(),
  /** The photo's versioned URL (512 px), or null when the member has none (the avatar shows initials). */
  photoUrl: z.string().nullable(),
});
export type OwnUser = z.infer<typeof ZOwnUser>;

/** PUT /api/auth/locale: the member's language, for the emails the church sends them. */
export const ZSetLocale = z.object({ locale: z.enum(LOCALES) });

export const ZAuthResponse = z.object({ token: z.string(), user: ZOwnUser });
export type AuthResponse = z.infer<typeof ZAuthResponse>;

export const ZMessage = z.object({ message: z.string() });
