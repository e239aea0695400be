import { z } from "./zod-setup";

export * from "./my-data-text";
import { MY_DATA_TEXT } from "./my-data-text";
import { PASSWORD_MAX } from "./auth-text";

/** DELETE /api/me: the member's current password confirms it. */
export const ZDeleteAccount = z.object({
  password: z.string(MY_DATA_TEXT.passwordRequired).min(1, MY_DATA_TEXT.passwordRequired).max(PASSWORD_MAX, MY_DATA_TEXT.wrongPassword),
});
export type DeleteAccountInput = z.infer<typeof ZDeleteAccount>;
