import { z } from "./zod-setup";

/** A Sunday (or midweek) service (spec section 3, Service). */
export const ZService = z.object({
  id: z.string(),
  title: z.string(),
  date: z.string(),
  isLive: z.boolean(),
});
export type Service = z.infer<typeof ZService>;

/** GET /api/services/live: the live service, or `service: null` when nothing is live. */
export const ZLiveService = z.object({ service: ZService.nullable() });
export type LiveService = z.infer<typeof ZLiveService>;
