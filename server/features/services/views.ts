/** Rows as the API shows them (contract/services.ts). */
import type { polls, questions, services } from "../../db/schema/services";
import type { Poll, Question, Service } from "../../../contract/services";

export const toService = (r: typeof services.$inferSelect): Service => ({
  id: r.id,
  title: r.title,
  date: r.date.toISOString(),
  isLive: r.isLive,
});

export const toPoll = (r: typeof polls.$inferSelect): Poll => ({
  id: r.id,
  serviceId: r.serviceId,
  question: r.question,
  options: r.options,
  isOpen: r.isOpen,
  createdAt: r.createdAt.toISOString(),
});

/**
 * Staff see who asked (userId, for the 'Member'/'Anonymous' label); members see the author
 * id only on their own questions, and `isAnonymous` for everyone.
 */
export const toQuestion = (r: typeof questions.$inferSelect, viewer: { id: string; staff: boolean }): Question => ({
  id: r.id,
  serviceId: r.serviceId,
  text: r.text,
  isApproved: r.isApproved,
  userId: r.userId && (viewer.staff || r.userId === viewer.id) ? r.userId : null,
  isAnonymous: r.userId === null,
  createdAt: r.createdAt.toISOString(),
});
