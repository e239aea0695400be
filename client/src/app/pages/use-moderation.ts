/**
 * Moderation data shared by Live Control's queue summary and the Moderation tab: the live
 * service's questions (staff get pending ones too) and the testimonies (GET /api/testimonies;
 * staff get pending ones too). A testimonies endpoint that is missing or failing shows as an
 * empty list, never a crash.
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import type { LiveService, Question } from "@contract/services";
import type { Testimony } from "@contract/testimonies";
import { apiJson, errorText } from "@/lib/api";
import { toast } from "@/components/ui/use-toast";
import { LIVE_SERVICE_KEY, refetchPrefix } from "@/lib/query-client";
import { useI18n } from "@/lib/i18n";

export function useLiveService() {
  return useQuery<LiveService>({ queryKey: LIVE_SERVICE_KEY });
}

export function useModeration() {
  const live = useLiveService();
  const serviceId = live.data?.service?.id;
  const questions = useQuery<Question[]>({ queryKey: ["/api/services", serviceId ?? "", "questions"], enabled: !!serviceId });
  const testimonies = useQuery<Testimony[]>({ queryKey: ["/api/testimonies"] });
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

export function useModerate(kind: "question" | "testimony") {
  const { m } = useI18n();
  return useMutation({
    mutationFn: ({ id, isApproved }: { id: string; isApproved: boolean }) =>
      apiJson("PATCH", kind === "question" ? `/api/questions/${id}` : `/api/testimonies/${id}`, { isApproved }),
    onSuccess: () => {
      toast({ title: kind === "question" ? m.services.questionModerated : m.services.testimonyModerated });
      void refetchPrefix(kind === "question" ? "/api/services" : "/api/testimonies");
    },
    onError: (err) => toast({ title: m.admin.moderationFailed, description: errorText(err), variant: "destructive" }),
  });
}
