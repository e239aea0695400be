/**
 * A member's photo URL (issue 20): the one place it is built, so the directory, the avatar and
 * the profile agree. `version` is member_photos.version (it changes with every upload, so the
 * URL can be cached for good); `size` is the 512 px ("large") or 128 px ("small") WebP.
 */
import { API } from "./api-paths";

export type MemberPhotoSize = "large" | "small";

export const memberPhotoUrl = (userId: string, version: string, size: MemberPhotoSize = "small") => API.members.photo({ id: userId, version, size });
