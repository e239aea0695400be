/**
 * Media items staff add by hand (Admin, Media): limits and texts, without zod, so the message
 * files (contract/i18n) carry them without the validation library (decision 0072).
 * contract/videos.ts, which holds the schemas, re-exports this module.
 */
export const MEDIA_ITEM_TITLE_MAX = 200;
export const MEDIA_ITEM_DESCRIPTION_MAX = 2000;
/** 24 hours: longer is surely a typo. */
export const MEDIA_ITEM_DURATION_MAX = 86_400;

export const MEDIA_ITEM_TEXT = {
  titleRequired: "Title is required",
  titleTooLong: `Title must be less than ${MEDIA_ITEM_TITLE_MAX} characters`,
  descriptionTooLong: `Description must be less than ${MEDIA_ITEM_DESCRIPTION_MAX} characters`,
  urlInvalid: "Enter the full https:// link to the video",
  thumbnailInvalid: "Enter the full https:// link to the image, or leave it empty",
  durationInvalid: "Enter the length as m:ss or h:mm:ss, or leave it empty",
  dateInvalid: "Enter the date it was recorded (not in the future), or leave it empty for today",
  duplicateTitle: "A media item with this title already exists",
  notFound: "Media item not found",
  added: "Media item added",
  addedText: "Members see it in Recent sermons and the video library.",
  removed: "Media item removed",
  addFailed: "Failed to add media item",
  removeFailed: "Failed to remove media item",
  removeConfirm: "Remove this item from Recent sermons and the video library?",
  empty: "No media items added by hand yet.",
} as const;
