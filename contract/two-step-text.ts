/**
 * Passkeys and two-step sign-in: limits and texts (docs/decisions/0102-passkeys-and-two-step.md),
 * without zod, so the sign-in screen and the message files can take them (decision 0072). The
 * schemas are in contract/two-step.ts, which re-exports this module.
 */

/** A TOTP code: 6 digits (RFC 6238 with the usual authenticator-app settings). */
export const TOTP_DIGITS = 6;
/** Recovery codes shown once when two-step sign-in is turned on. */
export const RECOVERY_CODE_COUNT = 10;
export const PASSKEY_NAME_MAX = 60;
/**
 * The most passkeys one account keeps: a person has a few devices and a security key or two;
 * without a bound, the add limit alone (30 an hour) let a free account grow its row list, and
 * every sign-in option list, without end.
 */
export const PASSKEYS_MAX = 20;
/** How long the second step of a sign-in may take, and how many codes it may try. */
export const TICKET_TTL_SECONDS = 300;
export const TICKET_MAX_ATTEMPTS = 5;

/** The ways a pending sign-in can be completed. */
export const SECOND_STEP_METHODS = ["totp", "recovery", "passkey"] as const;
export type SecondStepMethod = (typeof SECOND_STEP_METHODS)[number];

export const TWO_STEP_TEXT = {
  // ── the server's answers ──
  badCode: "That code is not right. Please try again.",
  ticketExpired: "This sign-in has expired. Please sign in again.",
  passkeyFailed: "That passkey could not be used to sign in. Please try again or use your password.",
  passkeyNotFound: "Passkey not found",
  passkeyNotAdded: "The passkey could not be added. Please try again.",
  passkeysFull: `You have ${PASSKEYS_MAX} passkeys, the most one account may keep. Remove one you no longer use, then add the new one.`,
  setupNotStarted: "Start setting up the authenticator app first.",
  alreadyOn: "The authenticator app is already set up.",
  notOn: "The authenticator app is not set up.",
  proofNeeded: "Enter a current code from your authenticator app, or your password.",
  lastSecondStep:
    "Your church requires two-step sign-in for staff. Add another passkey or the authenticator app before removing this one.",
  ownerNeedsSecondStep:
    "First add a passkey or set up an authenticator app for your own account, then require two-step sign-in for staff.",

  // ── sign-in screen ──
  /** Not "Sign in with...": the sign-in button is found by its name "Sign In", and a second button containing it would be ambiguous. */
  signInWithPasskey: "Continue with a passkey",
  passkeyUnsupported: "This browser cannot use passkeys.",
  secondStepTitle: "Two-step sign-in",
  secondStepDescription: "Enter the 6-digit code from your authenticator app.",
  codeLabel: "Code",
  verify: "Verify",
  verifying: "Verifying...",
  useRecoveryCode: "Use a recovery code instead",
  useAuthenticatorCode: "Use a code from the app instead",
  recoveryCodeLabel: "Recovery code",
  usePasskey: "Use a passkey",
  startOver: "Start over",
  setupRequiredTitle: "Two-step sign-in is required",
  setupRequiredText:
    "Your church requires staff to use two-step sign-in. Please add a passkey or set up an authenticator app on your Profile now.",

  // ── Profile ──
  cardTitle: "Passkeys and two-step sign-in",
  passkeysHint: "Sign in with your phone's Face ID, fingerprint or screen lock instead of your password.",
  addPasskey: "Add a passkey",
  addingPasskey: "Adding...",
  noPasskeys: "No passkeys yet.",
  passkeyAdded: "Passkey added",
  passkeyRemoved: "Passkey removed",
  passkeyRenamed: "Passkey renamed",
  defaultPasskeyName: "Passkey",
  rename: "Rename",
  save: "Save",
  passkeyNameLabel: "Passkey name",
  removePasskey: (name: string) => `Remove the passkey "${name}"?`,
  removePasskeyText: "You will no longer be able to sign in with it.",
  lastUsed: (when: string) => `Last used ${when}`,
  neverUsed: "Not used yet",
  totpTitle: "Authenticator app",
  totpOffHint: "Ask for a code from an app such as Google Authenticator or 1Password at each password sign-in.",
  totpOnHint: "On: a code from your authenticator app is asked for at each password sign-in.",
  setUpTotp: "Set up the authenticator app",
  totpScan: "Scan the QR code with your authenticator app, open the link on the phone that has the app, or type the key into it:",
  qrAlt: "QR code to add your account to an authenticator app",
  openInApp: "Open in authenticator app",
  secretKey: "Key",
  confirmCode: "Enter the code the app shows to finish",
  turnOn: "Turn on",
  recoveryTitle: "Your recovery codes",
  recoveryText:
    "Keep these somewhere safe. Each one signs you in once if you lose your phone. They will not be shown again.",
  recoveryDone: "I have saved them",
  recoveryLeft: (n: number) => `${n} recovery code(s) left`,
  turnOff: "Turn off",
  turnOffTitle: "Turn off the authenticator app",
  turnOffText: "Enter a current code from the app, or your password.",
  totpOn: "Two-step sign-in is on",
  totpOff: "Two-step sign-in is off",

  // ── Admin, People ──
  requireTitle: "Require two-step sign-in for staff",
  requireHint: "Owners, pastors and staff must use a passkey or an authenticator app code when they sign in.",
  requireOn: "Staff must now use two-step sign-in",
  requireOff: "Two-step sign-in is now optional for staff",
  resetSecondStep: "Reset second step",
  resetSecondStepOf: (name: string) => `Reset the second step of ${name}`,
  resetTitle: (name: string) => `Reset the second step of ${name}?`,
  resetText:
    "Their passkeys, authenticator app and recovery codes are removed, they are signed out on every device, and they are emailed. They then sign in with their password and set up a new second step on their Profile.",
  resetConfirm: "Reset and sign out",
  resetDone: "Second step reset: they are signed out everywhere and have been emailed",
  resetFailed: "The second step could not be reset",
  // ── the server's answers ──
  resetSelf: "You can't reset your own second step here. Change it on your Profile, or ask another owner.",
  resetNothing: "This member has no passkey or authenticator app to reset.",
} as const;
