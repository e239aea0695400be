import { useMutation, useQuery } from "@tanstack/react-query";
import { AlertTriangle, CalendarClock, Pause, Play, Repeat, X } from "lucide-react";
import { FREQUENCY_LABELS, GIVING_TEXT, type RecurringAction, type RecurringDonation } from "@contract/giving";
import { formatCents } from "@contract/money";
import { apiJson, errorText } from "@/lib/api";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { toast } from "@/components/ui/use-toast";
import { RECURRING_KEY, calendarDate, refreshGiving } from "./giving-queries";

const DONE: Record<RecurringAction, { title: string; description?: string }> = {
  pause: { title: GIVING_TEXT.paused, description: GIVING_TEXT.pausedDescription },
  resume: { title: GIVING_TEXT.resumed },
  cancel: { title: GIVING_TEXT.cancelled, description: GIVING_TEXT.cancelledDescription },
};

function RecurringRow({ gift }: { gift: RecurringDonation }) {
  const change = useMutation({
    mutationFn: (action: RecurringAction) => apiJson<RecurringDonation>("POST", `/api/giving/recurring/${gift.id}/${action}`),
    onSuccess: (_data, action) => {
      toast({ title: DONE[action].title, description: DONE[action].description });
      void refreshGiving();
    },
    onError: (err) => toast({ title: GIVING_TEXT.updateFailed, description: errorText(err), variant: "destructive" }),
  });
  const label = `${formatCents(gift.amountCents)} ${FREQUENCY_LABELS[gift.frequency].toLowerCase()}`;
  return (
    <li data-testid="recurring-donation" className="grid gap-3 rounded-lg border border-border p-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-lg font-semibold">
            {formatCents(gift.amountCents)} <span className="text-base font-normal text-muted-foreground">{FREQUENCY_LABELS[gift.frequency]}</span>
          </p>
          {gift.status === "FAILED" ? (
            <p className="text-sm text-muted-foreground">Stopped after its payments failed</p>
          ) : gift.status === "PAUSED" ? (
            <p className="text-sm text-muted-foreground">No payments until you resume it</p>
          ) : (
            <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
              <CalendarClock className="size-4 shrink-0" aria-hidden="true" />
              Next payment {calendarDate(gift.nextPaymentDate)}
            </p>
          )}
        </div>
        <Badge variant={gift.status === "ACTIVE" ? "default" : "secondary"}>{gift.status}</Badge>
      </div>
      {(gift.retryDate || gift.status === "FAILED") && (
        <p role="note" className="flex items-start gap-2 rounded-md bg-muted p-3 text-sm">
          <AlertTriangle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
          <span>
            {gift.status === "FAILED"
              ? `${gift.lastFailureReason ?? "The payment was declined."} Set up a new recurring gift with a card that works.`
              : `The last payment didn't go through${gift.lastFailureReason ? `: ${gift.lastFailureReason}` : "."} We'll try again on ${calendarDate(gift.retryDate!)}.`}
          </span>
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {gift.status === "ACTIVE" && (
          <Button variant="outline" size="sm" disabled={change.isPending} onClick={() => change.mutate("pause")} aria-label={`Pause ${label}`}>
            <Pause aria-hidden="true" /> {GIVING_TEXT.pause}
          </Button>
        )}
        {gift.status === "PAUSED" && (
          <Button variant="outline" size="sm" disabled={change.isPending} onClick={() => change.mutate("resume")} aria-label={`Resume ${label}`}>
            <Play aria-hidden="true" /> {GIVING_TEXT.resume}
          </Button>
        )}
        <AlertDialog>
          <AlertDialogTrigger asChild>
            <Button variant="ghost" size="sm" className="text-destructive" disabled={change.isPending} aria-label={`Cancel ${label}`}>
              <X aria-hidden="true" /> {GIVING_TEXT.cancel}
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogTitle>{GIVING_TEXT.cancelConfirmTitle}</AlertDialogTitle>
            <AlertDialogDescription>
              {label}. {GIVING_TEXT.cancelConfirm}
            </AlertDialogDescription>
            <AlertDialogFooter>
              <AlertDialogCancel asChild>
                <Button variant="outline">{GIVING_TEXT.keepGift}</Button>
              </AlertDialogCancel>
              <AlertDialogAction asChild>
                <Button variant="destructive" onClick={() => change.mutate("cancel")}>
                  Cancel gift
                </Button>
              </AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
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
  const list = useQuery<RecurringDonation[]>({ queryKey: RECURRING_KEY });
  const shown = list.data?.filter((g) => g.status !== "CANCELLED") ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Repeat className="size-5 text-primary" aria-hidden="true" /> {GIVING_TEXT.activeRecurring}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {list.isPending ? (
          <div className="grid gap-3">
            <Skeleton className="h-24" />
          </div>
        ) : list.isError ? (
          <p role="alert" className="text-muted-foreground">
            {GIVING_TEXT.loadFailed}
          </p>
        ) : shown.length === 0 ? (
          <p className="text-muted-foreground">{GIVING_TEXT.noRecurring}</p>
        ) : (
          <ul className="grid gap-3">
            {shown.map((g) => (
              <RecurringRow key={g.id} gift={g} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
