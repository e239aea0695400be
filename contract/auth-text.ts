/**
 * Sign-in, register and password reset: limits and texts (spec sections 5 and 8), without zod,
 * so the client's first screen carries them without the validation library. The schemas that
 * use them are in contract/auth.ts, which re-exports this module.
 */
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
