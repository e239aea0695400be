/**
 * The Email card on the Admin dashboard (decision 0100): what waits to be sent, what went out
 * in the last day, what failed and the latest reason; an owner can put failed emails back in
 * the queue. Without a mail server it says so (emails stay in the outbox).
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import { Mail, RotateCcw } from "lucide-react";
import type { EmailHealth, EmailRetryResult } from "@contract/admin";
import { API } from "@contract/api-paths";
import { apiJson, errorText } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { queryClient } from "@/lib/query-client";
import { formatCommentTime } from "@/lib/format";
import { currentIntlLocale, useI18n } from "@/lib/i18n";
import { toast } from "@/components/ui/use-toast";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";

const COUNTS = ["queued", "retrying", "sentLastDay", "failed"] as const;

export function EmailHealthCard() {
  const { m } = useI18n();
  const t = m.admin.emailHealth;
  const { user } = useAuth();
  const path = API.admin.emailHealth();
  const health = useQuery<EmailHealth>({ queryKey: [path] });
  const retry = useMutation({
    mutationFn: () => apiJson<EmailRetryResult>("POST", API.admin.emailRetry()),
    onSuccess: (res) => {
      toast({ title: t.retried(res.retried) });
      void queryClient.invalidateQueries({ queryKey: [path] });
    },
    onError: (err) => toast({ title: t.retryFailed, description: errorText(err), variant: "destructive" }),
  });
  const h = health.data;
  return (
    <Card data-testid="email-health">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Mail className="size-5 text-primary" aria-hidden="true" />
          {t.title}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {health.isPending ? (
          <Skeleton className="h-16" />
        ) : health.isError || !h ? (
          <p className="text-muted-foreground">{t.loadFailed}</p>
        ) : (
          <>
            {h.mode === "outbox" ? <p className="text-sm text-muted-foreground">{t.offline}</p> : null}
            <dl className="grid grid-cols-2 gap-2">
              {COUNTS.map((key) => (
                <div key={key} data-testid={`email-${key}`}>
                  <dt className="text-sm text-muted-foreground">{t[key]}</dt>
                  <dd className={`text-xl font-bold tabular-nums ${key === "failed" && h.failed > 0 ? "text-destructive" : ""}`}>{h[key].toLocaleString(currentIntlLocale())}</dd>
                </div>
              ))}
            </dl>
            {h.lastError ? (
              <p className="break-words text-sm">
                <span className="font-medium">{t.lastError}</span> ({formatCommentTime(h.lastError.at)}): {h.lastError.message}
              </p>
            ) : h.mode === "smtp" ? (
              <p className="text-sm text-muted-foreground">{t.healthy}</p>
            ) : null}
            {user?.role === "OWNER" && h.failed > 0 ? (
              <Button variant="outline" className="justify-self-start" disabled={retry.isPending} onClick={() => retry.mutate()}>
                <RotateCcw className="size-4" aria-hidden="true" />
                {t.retry}
              </Button>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
