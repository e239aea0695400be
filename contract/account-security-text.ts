/**
 * Profile → Sign-in and security (issue 20): change password, change email, devices. Texts
 * without zod (the schemas are in contract/account-security.ts). Spanish is in contract/i18n/es.ts.
 */
import { EMAIL_MAX } from "./auth-text";

/** A session's stored User-Agent is cut to this many characters. */
export const SESSION_USER_AGENT_MAX = 400;
/** How long the link that confirms a new email works. */
export const EMAIL_CHANGE_TTL_HOURS = 24;
export { EMAIL_MAX };

export const ACCOUNT_SECURITY_TEXT = {
  title: "Sign-in and security",
  description: "Your password, your email and where you are signed in",
  // change password
  changePassword: "Change password",
  currentPassword: "Current password",
  newPassword: "New password",
  savePassword: "Save new password",
  savingPassword: "Saving...",
  currentPasswordRequired: "Enter your current password",
  wrongCurrentPassword: "That is not your current password",
  passwordChanged: "Password changed. You were signed out on your other devices.",
  // change email
  changeEmail: "Change email",
  newEmail: "New email",
  sendConfirmation: "Send confirmation link",
  sameEmail: "That is already your email",
  emailChangeSent: (email: string) => `We sent a link to ${email}. Your email changes when you open it (within 24 hours).`,
  emailPending: (email: string) => `Waiting for you to confirm ${email}`,
  currentEmail: (email: string) => `Your email is ${email}`,
  // confirm-email page
  confirmingEmail: "Confirming your new email...",
  emailConfirmed: "Your email has been changed",
  emailConfirmInvalid: "This link is invalid or has expired. Please ask for a new one on your Profile.",
  emailTakenMeanwhile: "Another account now uses this email, so yours was not changed.",
  goToProfile: "Go to Profile",
  // devices
  devices: "Where you're signed in",
  thisDevice: "This device",
  lastUsed: (when: string) => `Last used ${when}`,
  signedInAt: (when: string) => `Signed in ${when}`,
  unknownDevice: "Unknown device",
  signOut: "Sign out",
  signOutOthers: "Sign out all other devices",
  signOutDeviceTitle: "Sign out this device?",
  signOutDeviceText: "It will need your password to come back.",
  signOutOthersTitle: "Sign out all other devices?",
  signOutOthersText: "Every device except this one will need your password to come back.",
  signedOutDevice: "Signed out",
  signedOutOthers: "Signed out on your other devices",
  noOtherDevices: "You're signed in only here.",
  sessionNotFound: "Session not found",
} as const;
