/**
 * Moderation data shared by Live Control's queue summary and the Moderation tab: the live
 * service's questions (staff get pending ones too) and the testimonies (staff get pending ones
 * too). A testimonies endpoint that is missing or failing shows as an empty list, never a crash.
 */
import { useLiveService, useModerateQuestion, useServiceQuestions } from "@/features/services/api";
import { useModerateTestimony, useTestimonies } from "@/features/testimonies/api";
import { errorText } from "@/lib/api";
import { toast } from "@/components/ui/use-toast";
import { useI18n } from "@/lib/i18n";

export function useModeration() {
  const live = useLiveService();
  const serviceId = live.data?.service?.id;
  const questions = useServiceQuestions(serviceId);
  const testimonies = useTestimonies();
  const qs = serviceId ? (questions.data ?? []) : [];
  const ts = testimonies.data ?? [];
  const byOldest = <T extends { createdAt: string }>(a: T, b: T) => (a.createdAt < b.createdAt ? -1 : 1);
  const byNewest = <T extends { createdAt: string }>(a: T, b: T) => (a.createdAt < b.createdAt ? 1 : -1);
  return {
    live,
    serviceId,
    isPending: live.isPending || (!!serviceId && questions.isPending) || testimonies.isPending,
    pendingQuestions: qs.filter((q) => !q.isApproved).sort(byOldest),
    approvedQuestions: qs.filter((q) => q.isApproved).sort(byNewest),
    pendingTestimonies: ts.filter((t) => !t.isApproved).sort(byOldest),
    approvedTestimonies: ts.filter((t) => t.isApproved).sort(byNewest),
  };
}

/** Approve or reject a question or a testimony, with the toasts the Moderation tab shows. */
export function useModerate(kind: "question" | "testimony") {
  const { m } = useI18n();
  const config = {
    onSuccess: () => toast({ title: kind === "question" ? m.services.questionModerated : m.services.testimonyModerated }),
    onError: (err: Error) => toast({ title: m.admin.moderationFailed, description: errorText(err), variant: "destructive" }),
  };
  const question = useModerateQuestion(config);
  const testimony = useModerateTestimony(config);
  return kind === "question" ? question : testimony;
}
