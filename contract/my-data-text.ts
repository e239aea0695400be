/**
 * "Your data" on Profile (issue 20): download my data, delete my account. Texts without zod
 * (decision 0072); the schema is in contract/my-data.ts, which re-exports this module.
 */
export const MY_DATA_TEXT = {
  title: "Your data",
  hint: "Take a copy of everything the church app holds about you, or delete your account.",
  download: "Download my data",
  downloading: "Preparing your file…",
  downloadFailed: "Your data could not be downloaded",
  deleteAccount: "Delete my account",
  deleteTitle: "Delete your account?",
  deleteBody:
    "You will be signed out everywhere. Your notes, comments, saved cards and bank link are removed, your prayer requests and testimonies stay without your name, and your giving records are kept without your name for the church's tax records. This cannot be undone.",
  /** The delete dialog, when the wallet holds money (decision 0117): it becomes a gift, as "Give balance" makes one. */
  walletGift: (amount: string, fund: string) =>
    `Your wallet still holds ${amount}. Deleting your account gives it to the church's ${fund}, and it cannot be returned. For a receipt, give it from your Wallet first.`,
  passwordLabel: "Your password",
  confirmDelete: "Delete my account",
  cancel: "Cancel",
  deleted: "Your account has been deleted",
  deleteFailed: "Your account could not be deleted",
  passwordRequired: "Enter your password to delete your account",
  wrongPassword: "That password is not correct",
  lastOwner: "You are the church's only owner. Make another member an owner before deleting your account.",
} as const;
