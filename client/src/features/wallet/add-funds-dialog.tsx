import { useEffect, useRef, useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { CreditCard, Info } from "lucide-react";
import { formatCents } from "@contract/money";
import type { DepositResponse } from "@contract/wallet";
import { DEPOSIT_QUICK_AMOUNTS, MAX_DEPOSIT_CENTS } from "@contract/wallet-text";
import { MIN_AMOUNT_CENTS } from "@contract/giving-text";
import { apiJson, errorText } from "@/lib/api";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/components/ui/use-toast";
import { newIdempotencyKey, refreshWallet, usePaymentMethods } from "./api";
import { methodName } from "./wallet-format";
import { AmountField, typedCents } from "./amount-field";
import { useI18n } from "@/lib/i18n";

/** A server that answered (as opposed to a network failure) ends this attempt: the next try gets a new key. */
export const serverAnswered = (err: unknown) => err instanceof Error && /^\d{3}: /.test(err.message);

/**
 * Add Funds (the spec leaves its action unshown): charges the default card through the payment
 * gateway and adds a deposit to the wallet. A decline shows 'Payment Failed' with the reason.
 */
export function AddFundsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const methods = usePaymentMethods();
  const source = methods.data?.find((m) => m.isDefault);
  const [amount, setAmount] = useState("");
  const [error, setError] = useState<string>();
  const key = useRef(newIdempotencyKey());
  const { m } = useI18n();
  const w = m.wallet;
  useEffect(() => {
    if (open) {
      setAmount("");
      setError(undefined);
      key.current = newIdempotencyKey();
    }
  }, [open]);
  const cents = typedCents(amount);

  const add = useMutation({
    mutationFn: (amountCents: number) => apiJson<DepositResponse>("POST", "/api/wallet/deposits", { amountCents }, { "Idempotency-Key": key.current }),
    onSuccess: (r) => {
      key.current = newIdempotencyKey();
      toast({ title: w.fundsAddedTitle, description: w.fundsAdded(formatCents(r.transaction.amountCents)) });
      onOpenChange(false);
      void refreshWallet();
    },
    onError: (err) => {
      if (serverAnswered(err)) key.current = newIdempotencyKey();
      toast({ title: w.paymentFailedTitle, description: errorText(err) ?? w.paymentFailedFallback, variant: "destructive" });
      void refreshWallet();
    },
  });

  const blocked = !source ? w.noPaymentMethod : source.type !== "credit_card" ? w.defaultIsBank : null;
  const submit = () => {
    if (cents === null || cents < MIN_AMOUNT_CENTS) return setError(w.amountMin);
    if (cents > MAX_DEPOSIT_CENTS) return setError(w.depositMax);
    setError(undefined);
    add.mutate(cents);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{w.addFunds}</DialogTitle>
          <DialogDescription>{w.addFundsDescription}</DialogDescription>
        </DialogHeader>
        {methods.isPending ? null : blocked ? (
          <p className="flex gap-2 rounded-md bg-muted p-3 text-sm" role="note">
            <Info className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" /> {blocked}
          </p>
        ) : (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="funds-source">
            <CreditCard className="size-4 text-primary" aria-hidden="true" /> {w.fromMethod(methodName(source!))}
          </p>
        )}
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <AmountField id="funds-amount" value={amount} onChange={setAmount} error={error} quick={DEPOSIT_QUICK_AMOUNTS.map((d) => ({ label: `$${d}`, cents: d * 100 }))} />
          <Button type="submit" disabled={!!blocked || methods.isPending || add.isPending || cents === null}>
            {add.isPending ? m.giving.processing : cents ? w.addAmount(formatCents(cents)) : w.enterAnAmount}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
