/**
 * Admin -> Giving, the ledger's Refund action (issue 19; decision 0119): the amount (the whole
 * refundable amount filled in) and the reason the donor will read. Each attempt carries an
 * Idempotency-Key, kept for a retry after no answer or a 5xx and renewed once the server has
 * answered (idempotency-key.ts), so a double tap or a retry never refunds twice. The server's
 * 400 (over the remaining amount, not settled yet, not a completed gift) and 409 (already fully
 * refunded) are shown as they come, in the staff member's language.
 */
import { useEffect, useRef, useState } from "react";
import type { LedgerGift } from "@contract/giving-funds";
import { REFUND_REASON_MAX } from "@contract/giving-refunds-text";
import { formatCents } from "@contract/money";
import { errorText } from "@/lib/api";
import { useI18n } from "@/lib/i18n";
import { shortDate } from "@/lib/format";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { keepKeyAfter, keyFor, type KeyState } from "./idempotency-key";
import { useRefundGift } from "./api";

/** The typed dollars as cents, or null when not a positive amount. */
function typedCents(text: string): number | null {
  const n = Number(text);
  if (!text.trim() || !Number.isFinite(n) || n <= 0) return null;
  return Math.round(n * 100);
}

export function RefundDialog({ gift, open, onOpenChange }: { gift: LedgerGift; open: boolean; onOpenChange: (o: boolean) => void }) {
  const { m } = useI18n();
  const r = m.refunds;
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [error, setError] = useState<{ field: "amount" | "reason"; text: string }>();
  const key = useRef<KeyState | null>(null);
  const refund = useRefundGift();
  useEffect(() => {
    if (open) {
      setAmount((gift.refundableCents / 100).toFixed(2));
      setReason("");
      setError(undefined);
      key.current = null;
    }
    // Only when the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const cents = typedCents(amount);
  const submit = () => {
    if (cents === null) return setError({ field: "amount", text: r.amountInvalid });
    if (cents > gift.refundableCents) return setError({ field: "amount", text: r.overRemaining(formatCents(gift.refundableCents)) });
    if (!reason.trim()) return setError({ field: "reason", text: r.reasonRequired });
    setError(undefined);
    // The whole refundable amount is sent as no amount ("all that is left"), so it stays right if the gift changed meanwhile.
    const body = { reason: reason.trim(), ...(cents === gift.refundableCents ? {} : { amountCents: cents }) };
    key.current = keyFor(key.current, JSON.stringify(body));
    refund.mutate(
      { giftId: gift.id, body, idempotencyKey: key.current.key },
      {
        onSuccess: (res) => {
          key.current = null;
          toast({ title: r.refundDone(formatCents(res.refund.amountCents)) });
          onOpenChange(false);
        },
        onError: (err) => {
          if (!keepKeyAfter(err)) key.current = null;
          toast({ title: r.refundNotDone, description: errorText(err), variant: "destructive" });
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{r.dialogTitle}</DialogTitle>
          <DialogDescription>{r.dialogGift(gift.donor.name, formatCents(gift.amountCents + gift.feeCents), shortDate(new Date(gift.createdAt)))}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          aria-label={r.dialogTitle}
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <FormField id="refund-amount" label={r.amountLabel} error={error?.field === "amount" ? error.text : undefined}>
            <Input
              id="refund-amount"
              type="number"
              inputMode="decimal"
              min={0.01}
              step={0.01}
              value={amount}
              aria-invalid={error?.field === "amount"}
              aria-describedby={error?.field === "amount" ? "refund-amount-error" : "refund-amount-help"}
              onChange={(e) => {
                setAmount(e.target.value);
                setError(undefined);
              }}
              className="text-lg"
            />
          </FormField>
          <p id="refund-amount-help" className="-mt-2 text-sm text-muted-foreground">
            {r.upTo(formatCents(gift.refundableCents))}
          </p>
          <FormField id="refund-reason" label={r.reasonLabel} error={error?.field === "reason" ? error.text : undefined}>
            <Textarea
              id="refund-reason"
              value={reason}
              maxLength={REFUND_REASON_MAX}
              rows={3}
              aria-invalid={error?.field === "reason"}
              aria-describedby={error?.field === "reason" ? "refund-reason-error" : "refund-reason-help"}
              onChange={(e) => {
                setReason(e.target.value);
                setError(undefined);
              }}
            />
          </FormField>
          <p id="refund-reason-help" className="-mt-2 text-sm text-muted-foreground">
            {r.reasonHelp}
          </p>
          <DialogFooter className="gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={refund.isPending}>
              {m.funds.cancel}
            </Button>
            <Button type="submit" variant="destructive" disabled={refund.isPending || cents === null}>
              {cents ? `${r.refund} ${formatCents(cents)}` : r.refund}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
