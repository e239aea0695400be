import { z } from "./zod-setup";
import { ROLES } from "./roles";
import { LOCALES } from "./i18n/locales";

export const PASSWORD_MIN = 6;
/** Upper bound so a hostile client cannot make argon2 hash megabytes. */
export const PASSWORD_MAX = 200;
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;

/** Texts and rules of sign-in, register and password reset (spec sections 5 and 8). */
export const AUTH_TEXT = {
  invalidEmail: "Invalid email address",
  passwordRequired: "Password is required",
  passwordMin: "Password must be at least 6 characters",
  passwordMax: `Password must be at most ${PASSWORD_MAX} characters`,
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  badCredentials: "Invalid email or password",
  emailTaken: "An account with this email already exists",
  tooManyAttempts: "Too many attempts. Please wait a few minutes and try again.",
  signInFailed: "Sign in failed",
  signInFailedText: "Please check your credentials and try again.",
  registrationFailed: "Registration failed",
  registrationFailedText: "Please check your information and try again.",
  signingIn: "Signing in...",
  creatingAccount: "Creating account...",
  resetRequested:
    "If an account exists for that email, we've sent a link to reset the password. It works once, within an hour.",
  resetInvalid: "This reset link is invalid or has expired. Please ask for a new one.",
  resetDone: "Your password has been changed. Please sign in.",
} as const;

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
  firstName: z.string().trim().min(1, AUTH_TEXT.firstNameRequired).max(NAME_MAX),
  lastName: z.string().trim().min(1, AUTH_TEXT.lastNameRequired).max(NAME_MAX),
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
  createdAt: z.string(),
});
export type User = z.infer<typeof ZUser>;

/** PUT /api/auth/locale: the member's language, for the emails the church sends them. */
export const ZSetLocale = z.object({ locale: z.enum(LOCALES) });

export const ZAuthResponse = z.object({ token: z.string(), user: ZUser });
export type AuthResponse = z.infer<typeof ZAuthResponse>;

export const ZMessage = z.object({ message: z.string() });
