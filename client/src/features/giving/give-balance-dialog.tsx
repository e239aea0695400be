import { useEffect, useRef, useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { formatCents } from "@contract/money";
import { MIN_AMOUNT_CENTS } from "@contract/giving";
import { WALLET_TEXT, type GiveBalanceResponse } from "@contract/wallet";
import { apiJson, errorText } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/components/ui/use-toast";
import { newIdempotencyKey, refreshGivingHistory, refreshWallet } from "./wallet-api";
import { AmountField, typedCents } from "./amount-field";
import { serverAnswered } from "./add-funds-dialog";

/**
 * Giving the wallet balance (or part of it) to the church: the gift appears in Recent Giving and
 * a receipt is emailed. Starts at the whole balance; never more than it.
 */
export function GiveBalanceDialog({ open, onOpenChange, balanceCents }: { open: boolean; onOpenChange: (o: boolean) => void; balanceCents: number }) {
  const { church } = useAuth();
  const [amount, setAmount] = useState("");
  const [error, setError] = useState<string>();
  const key = useRef(newIdempotencyKey());
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
        title: WALLET_TEXT.giftThanksTitle,
        description: `${formatCents(r.gift.amountCents)} from your wallet to ${church?.name ?? "the church"}. A receipt is on its way to your email.`,
        duration: 5000,
      });
      onOpenChange(false);
      void refreshWallet();
      void refreshGivingHistory();
    },
    onError: (err) => {
      if (serverAnswered(err)) key.current = newIdempotencyKey();
      toast({ title: WALLET_TEXT.paymentFailedTitle, description: errorText(err) ?? WALLET_TEXT.paymentFailedFallback, variant: "destructive" });
      void refreshWallet();
    },
  });

  const submit = () => {
    if (cents === null || cents < MIN_AMOUNT_CENTS) return setError(WALLET_TEXT.amountMin);
    if (cents > balanceCents) return setError(WALLET_TEXT.insufficientBalance);
    setError(undefined);
    give.mutate(cents);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Give from Your Wallet</DialogTitle>
          <DialogDescription>
            Your gift goes to {church?.name ?? "the church"} and appears in your giving history. We'll email you a receipt.
          </DialogDescription>
        </DialogHeader>
        <p className="text-sm text-muted-foreground">
          Available balance: <span className="font-semibold text-foreground">{formatCents(balanceCents)}</span>
        </p>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <AmountField id="give-amount" value={amount} onChange={setAmount} error={error} quick={[{ label: "All of it", cents: balanceCents }]} />
          <Button type="submit" disabled={give.isPending || cents === null}>
            {give.isPending ? "Processing..." : cents ? `Give ${formatCents(cents)}` : "Enter amount to give"}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
