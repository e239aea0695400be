/**
 * The church directory (issue 20, decision 0118). Off by default; a member opts in and chooses
 * which of photo, email and phone other members see. Members search listed members by name;
 * staff see every member by name and role, and only the fields each member shared.
 */
import { z } from "./zod-setup";
import { ROLES } from "./roles";
import { DIRECTORY_TEXT } from "./directory-text";

export { DIRECTORY_TEXT, UNSUBSCRIBE_TEXT } from "./directory-text";

/** A member's own directory settings (GET and PUT /api/me/directory). */
export const ZDirectorySettings = z.object({
  listed: z.boolean(),
  showPhoto: z.boolean(),
  showEmail: z.boolean(),
  showPhone: z.boolean(),
});
export type DirectorySettings = z.infer<typeof ZDirectorySettings>;

/** PUT: any of the switches; the others stay as they are. */
export const ZDirectorySettingsPatch = ZDirectorySettings.partial().strict();

/** Off until the member opts in. */
export const DIRECTORY_DEFAULTS: DirectorySettings = { listed: false, showPhoto: false, showEmail: false, showPhone: false };

export const DIRECTORY_PAGE_SIZE = 30;

export const ZDirectoryQuery = z.object({
  q: z.string().trim().max(100, DIRECTORY_TEXT.searchTooLong).default(""),
  /** The previous page's `nextCursor` (keyset pagination, by last name, first name, id). */
  cursor: z.string().max(1000).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(DIRECTORY_PAGE_SIZE),
});
export type DirectoryQuery = z.input<typeof ZDirectoryQuery>;

/**
 * One member as the directory shows them. A field the member did not share is absent (not
 * null, not empty): `photoUrl`, `email`, `phone` appear only when shared (and set). `role` and
 * `listed` appear only in answers to staff.
 */
export const ZDirectoryEntry = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  photoUrl: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
  role: z.enum(ROLES).optional(),
  listed: z.boolean().optional(),
});
export type DirectoryEntry = z.infer<typeof ZDirectoryEntry>;

export const ZDirectoryPage = z.object({
  members: z.array(ZDirectoryEntry),
  /** Pass as `cursor` for the next page; null on the last. */
  nextCursor: z.string().nullable(),
});
export type DirectoryPage = z.infer<typeof ZDirectoryPage>;

/** POST /api/email/unsubscribe: the token from the email's link (the query, or this body from the landing page). */
export const ZUnsubscribeToken = z.string().trim().min(1).max(200);
export const ZEmailUnsubscribeQuery = z.object({ token: ZUnsubscribeToken.optional() });
export const ZEmailUnsubscribeBody = z.object({ token: ZUnsubscribeToken.optional() }).passthrough();
export const ZEmailUnsubscribeAnswer = z.object({ message: z.string() });
