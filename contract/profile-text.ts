/**
 * Profile → Edit (issue 20): limits and texts, without zod (decision 0072); contract/profile.ts
 * uses and re-exports them.
 */

/** The photo upload's largest body (PUT /api/me/photo): a phone camera's JPEG fits. */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** What the photo picker offers; the server decides by the bytes, never by this list or the header. */
export const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
/** The sizes the photo URL serves (square WebP, pixels). */
export const PHOTO_SIZES = ["512", "128"] as const;
export type PhotoSize = (typeof PHOTO_SIZES)[number];
/** A phone number as typed: generous, the parser decides. */
export const PHONE_INPUT_MAX = 40;

export const PROFILE_TEXT = {
  nameTooLong: "A name can have at most 100 characters",
  phoneInvalid: "Enter a valid phone number",
  phoneNeedsCountry: "Enter the phone number with its country code, starting with +",
  photoNotImage: "The photo must be a JPEG, PNG or WebP image",
  photoTooLarge: `The photo must be smaller than ${PHOTO_MAX_BYTES / 1024 / 1024} MB`,
  photoTooBig: "The photo has too many pixels: please choose a smaller one",
  photoNotFound: "No photo",
} as const;
