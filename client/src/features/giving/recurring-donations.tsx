import { AlertTriangle, CalendarClock, Pause, Play, Repeat, X } from "lucide-react";
import type { RecurringAction, RecurringDonation } from "@contract/giving";
import { formatCents } from "@contract/money";
import { errorText } from "@/lib/api";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { toast } from "@/components/ui/use-toast";
import { QueryState, Skeletons } from "@/components/query-state";
import { calendarDate } from "@/lib/format";
import { useRecurringAction, useRecurringDonations } from "./api";
import { tr, useI18n } from "@/lib/i18n";

function RecurringRow({ gift }: { gift: RecurringDonation }) {
  const { m } = useI18n();
  const g = m.giving;
  const DONE: Record<RecurringAction, { title: string; description?: string }> = {
    pause: { title: g.paused, description: g.pausedDescription },
    resume: { title: g.resumed },
    cancel: { title: g.cancelled, description: g.cancelledDescription },
  };
  const change = useRecurringAction(gift.id, {
    onSuccess: (_data, action) => toast({ title: DONE[action].title, description: DONE[action].description }),
    onError: (err) => toast({ title: g.updateFailed, description: errorText(err), variant: "destructive" }),
  });
  const label = `${formatCents(gift.amountCents)} ${g.frequencyWord[gift.frequency]}`;
  return (
    <li data-testid="recurring-donation" className="grid gap-3 rounded-lg border border-border p-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-lg font-semibold">
            {formatCents(gift.amountCents)} <span className="text-base font-normal text-muted-foreground">{g.frequencies[gift.frequency]}</span>
          </p>
          <p className="text-sm text-muted-foreground">
            {gift.fundName}
            {gift.feeCents > 0 && ` · ${m.funds.feeCovered(formatCents(gift.feeCents))}`}
          </p>
          {gift.status === "FAILED" ? (
            <p className="text-sm text-muted-foreground">{g.stoppedAfterFailures}</p>
          ) : gift.status === "PAUSED" ? (
            <p className="text-sm text-muted-foreground">{g.noPaymentsUntilResume}</p>
          ) : (
            <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
              <CalendarClock className="size-4 shrink-0" aria-hidden="true" />
              {g.nextPayment(calendarDate(gift.nextPaymentDate))}
            </p>
          )}
        </div>
        <Badge variant={gift.status === "ACTIVE" ? "default" : "secondary"}>{g.recurringStatuses[gift.status]}</Badge>
      </div>
      {(gift.retryDate || gift.status === "FAILED") && (
        <p role="note" className="flex items-start gap-2 rounded-md bg-muted p-3 text-sm">
          <AlertTriangle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
          <span>
            {gift.status === "FAILED"
              ? `${tr(gift.lastFailureReason) ?? g.declined} ${g.setUpNewWithCard}`
              : `${gift.lastFailureReason ? g.lastPaymentFailedBecause(tr(gift.lastFailureReason)) : g.lastPaymentFailed} ${g.tryAgainOn(calendarDate(gift.retryDate!))}`}
          </span>
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {gift.status === "ACTIVE" && (
          <Button variant="outline" size="sm" disabled={change.isPending} onClick={() => change.mutate("pause")} aria-label={g.pauseGift(label)}>
            <Pause aria-hidden="true" /> {g.pause}
          </Button>
        )}
        {gift.status === "PAUSED" && (
          <Button variant="outline" size="sm" disabled={change.isPending} onClick={() => change.mutate("resume")} aria-label={g.resumeGift(label)}>
            <Play aria-hidden="true" /> {g.resume}
          </Button>
        )}
        <ConfirmDialog
          trigger={
            <Button variant="ghost" size="sm" className="text-destructive" disabled={change.isPending} aria-label={g.cancelGiftLabel(label)}>
              <X aria-hidden="true" /> {g.cancel}
            </Button>
          }
          title={g.cancelConfirmTitle}
          description={<>{label}. {g.cancelConfirm}</>}
          confirmLabel={g.cancelGift}
          cancelLabel={g.keepGift}
          onConfirm={() => change.mutate("cancel")}
        />
      </div>
    </li>
  );
}

/**
 * 'Active Recurring Donations' (spec section 2): amount, frequency, next payment date and a
 * status badge (ACTIVE default, others secondary), with pause, resume and cancel. Cancelled
 * gifts are over and are not listed.
 */
export function RecurringDonations() {
  const list = useRecurringDonations();
  const g = useI18n().m.giving;
  const shown = list.data?.filter((r) => r.status !== "CANCELLED") ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Repeat className="size-5 text-primary" aria-hidden="true" /> {g.activeRecurring}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <QueryState query={list} data={shown} loading={<Skeletons count={1} className="h-24" />} error={g.loadFailed} empty={g.noRecurring}>
          {(gifts) => (
            <ul className="grid gap-3">
              {gifts.map((r) => (
                <RecurringRow key={r.id} gift={r} />
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
