/**
 * The New cards card on the Admin dashboard (decision 0105): whether gifts with a new card are
 * taken or paused by the card-testing breaker, since and until when, and the decline rate of the
 * breaker's window. An owner may resume early, after a confirmation (the server logs who did).
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import { CreditCard, Play } from "lucide-react";
import type { CardBreaker } from "@contract/admin";
import { API } from "@contract/api-paths";
import { apiJson, errorText } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { queryClient } from "@/lib/query-client";
import { currentIntlLocale, useI18n } from "@/lib/i18n";
import { toast } from "@/components/ui/use-toast";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { ConfirmDialog } from "@/components/confirm-dialog";

const time = (iso: string) => new Date(iso).toLocaleTimeString(currentIntlLocale(), { hour: "numeric", minute: "2-digit" });

export function CardBreakerCard() {
  const { m } = useI18n();
  const t = m.admin.cardBreaker;
  const { user } = useAuth();
  const path = API.admin.cardBreaker();
  // While paused, look again each minute: the pause ends by itself.
  const state = useQuery<CardBreaker>({ queryKey: [path], refetchInterval: (q) => (q.state.data?.paused ? 60_000 : false) });
  const resume = useMutation({
    mutationFn: () => apiJson<CardBreaker>("POST", API.admin.cardBreakerResume()),
    onSuccess: (next) => {
      queryClient.setQueryData([path], next);
      toast({ title: t.resumed });
    },
    onError: (err) => {
      toast({ title: t.resumeFailed, description: errorText(err), variant: "destructive" });
      void queryClient.invalidateQueries({ queryKey: [path] });
    },
  });
  const b = state.data;
  return (
    <Card data-testid="card-breaker">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CreditCard className="size-5 text-primary" aria-hidden="true" />
          {t.title}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {state.isPending ? (
          <Skeleton className="h-16" />
        ) : state.isError || !b ? (
          <p className="text-muted-foreground">{t.loadFailed}</p>
        ) : (
          <>
            <div role="status" className={b.paused ? "rounded-md border border-destructive/40 bg-destructive/10 p-3" : ""}>
              <p className={`font-medium ${b.paused ? "text-destructive" : ""}`}>{b.paused ? t.paused : t.open}</p>
              <p className="text-sm text-muted-foreground">{b.paused ? t.pausedHint : t.openHint}</p>
            </div>
            <dl className="grid grid-cols-2 gap-2">
              {b.paused && b.pausedSince && b.resumesAt ? (
                <>
                  <div data-testid="card-breaker-since">
                    <dt className="text-sm text-muted-foreground">{t.pausedSince}</dt>
                    <dd className="text-xl font-bold tabular-nums">{time(b.pausedSince)}</dd>
                  </div>
                  <div data-testid="card-breaker-until">
                    <dt className="text-sm text-muted-foreground">{t.resumesAt}</dt>
                    <dd className="text-xl font-bold tabular-nums">{time(b.resumesAt)}</dd>
                  </div>
                </>
              ) : null}
              <div className="col-span-2" data-testid="card-breaker-rate">
                <dt className="text-sm text-muted-foreground">{t.recent(b.windowMinutes)}</dt>
                <dd className="font-medium">{b.attempts === 0 ? t.none : t.declines(b.declines, b.attempts)}</dd>
              </div>
            </dl>
            <p className="text-xs text-muted-foreground">{t.threshold(b.thresholdDeclines, b.thresholdPercent)}</p>
            {user?.role === "OWNER" && b.paused ? (
              <ConfirmDialog
                trigger={
                  <Button variant="outline" className="justify-self-start" disabled={resume.isPending}>
                    <Play className="size-4" aria-hidden="true" />
                    {t.resume}
                  </Button>
                }
                title={t.resumeConfirmTitle}
                description={t.resumeConfirm}
                confirmLabel={t.resume}
                onConfirm={() => resume.mutate()}
              />
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
