/**
 * A member's photo URL (issue 20): the one place it is built, so the directory, the avatar and
 * the profile agree. `version` is member_photos.version (it changes with every upload, so the
 * URL can be cached for good); `size` is the 512 px ("large") or 128 px ("small") WebP.
 */
import { API } from "./api-paths";

export type MemberPhotoSize = "large" | "small";

/** The route's size segment (PHOTO_SIZES, contract/profile-text.ts) for each size. */
const PIXELS: Record<MemberPhotoSize, "512" | "128"> = { large: "512", small: "128" };

export const memberPhotoUrl = (userId: string, version: string, size: MemberPhotoSize = "small") => API.members.photo({ id: userId, version, size: PIXELS[size] });
