import { useEffect, useRef, useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { formatCents } from "@contract/money";
import { MIN_AMOUNT_CENTS } from "@contract/giving-text";
import type { GiveBalanceResponse } from "@contract/wallet";
import { apiJson, errorText } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/components/ui/use-toast";
import { newIdempotencyKey, refreshGivingHistory, refreshWallet } from "./api";
import { AmountField, typedCents } from "./amount-field";
import { serverAnswered } from "./add-funds-dialog";
import { useI18n } from "@/lib/i18n";

/**
 * Giving the wallet balance (or part of it) to the church: the gift appears in Recent Giving and
 * a receipt is emailed. Starts at the whole balance; never more than it.
 */
export function GiveBalanceDialog({ open, onOpenChange, balanceCents }: { open: boolean; onOpenChange: (o: boolean) => void; balanceCents: number }) {
  const { church } = useAuth();
  const [amount, setAmount] = useState("");
  const [error, setError] = useState<string>();
  const key = useRef(newIdempotencyKey());
  const { m } = useI18n();
  const w = m.wallet;
  const churchName = church?.name ?? w.theChurch;
  useEffect(() => {
    if (open) {
      setAmount((balanceCents / 100).toFixed(2));
      setError(undefined);
      key.current = newIdempotencyKey();
    }
    // Only when the dialog opens: a balance refreshed while it is open must not overwrite the typed amount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  const cents = typedCents(amount);

  const give = useMutation({
    mutationFn: (amountCents: number) => apiJson<GiveBalanceResponse>("POST", "/api/wallet/give", { amountCents }, { "Idempotency-Key": key.current }),
    onSuccess: (r) => {
      key.current = newIdempotencyKey();
      toast({
        title: w.giftThanksTitle,
        description: w.giftFromWallet(formatCents(r.gift.amountCents), churchName),
        duration: 5000,
      });
      onOpenChange(false);
      void refreshWallet();
      void refreshGivingHistory();
    },
    onError: (err) => {
      if (serverAnswered(err)) key.current = newIdempotencyKey();
      toast({ title: w.paymentFailedTitle, description: errorText(err) ?? w.paymentFailedFallback, variant: "destructive" });
      void refreshWallet();
    },
  });

  const submit = () => {
    if (cents === null || cents < MIN_AMOUNT_CENTS) return setError(w.amountMin);
    if (cents > balanceCents) return setError(w.insufficientBalance);
    setError(undefined);
    give.mutate(cents);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{w.giveFromWallet}</DialogTitle>
          <DialogDescription>
            {w.giveFromWalletDescription(churchName)}
          </DialogDescription>
        </DialogHeader>
        <p className="text-sm text-muted-foreground">
          {w.availableBalanceColon} <span className="font-semibold text-foreground">{formatCents(balanceCents)}</span>
        </p>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <AmountField id="give-amount" value={amount} onChange={setAmount} error={error} quick={[{ label: w.allOfIt, cents: balanceCents }]} />
          <Button type="submit" disabled={give.isPending || cents === null}>
            {give.isPending ? m.giving.processing : cents ? m.giving.give(formatCents(cents)) : m.giving.enterAmount}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
