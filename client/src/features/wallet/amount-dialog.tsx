import { useEffect, useRef, useState, type ReactNode } from "react";
import type { UseMutationResult } from "@tanstack/react-query";
import { formatCents } from "@contract/money";
import { MIN_AMOUNT_CENTS } from "@contract/giving-text";
import { errorText } from "@/lib/api";
import { Input } from "@/components/ui/input";
import { FormField } from "@/components/ui/form-field";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/components/ui/use-toast";
import { cn } from "@/lib/utils";
import { useI18n } from "@/lib/i18n";
import type { ChargeVars } from "./api";

/** A dollar amount (min 1, step 0.01) with quick-amount chips; `value` is the text as typed. */
function AmountField({
  id,
  value,
  onChange,
  error,
  quick,
}: {
  id: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  quick: { label: string; cents: number }[];
}) {
  const w = useI18n().m.wallet;
  return (
    <div className="grid gap-3">
      <FormField id={id} label={w.amountDollars} error={error}>
        <Input
          id={id}
          type="number"
          inputMode="decimal"
          min={1}
          step={0.01}
          placeholder="0.00"
          value={value}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.value)}
          className="text-lg"
        />
      </FormField>
      {quick.length > 0 && (
        <div className={cn("grid gap-2", quick.length > 2 ? "grid-cols-4" : "grid-cols-2")}>
          {quick.map((q) => (
            <Button key={q.label} type="button" variant="outline" size="sm" onClick={() => onChange((q.cents / 100).toFixed(2))}>
              {q.label}
            </Button>
          ))}
        </div>
      )}
    </div>
  );
}

/** The typed dollars as cents, or null when it is not a positive number. */
function typedCents(text: string): number | null {
  const n = Number(text);
  if (!text.trim() || !Number.isFinite(n) || n <= 0) return null;
  return Math.round(n * 100);
}

const newIdempotencyKey = () => crypto.randomUUID();

/** A server that answered (as opposed to a network failure) ends this attempt: the next try gets a new key. */
const serverAnswered = (err: unknown) => err instanceof Error && /^\d{3}: /.test(err.message);

/**
 * The one dialog that charges an amount (Add Funds, Give Balance): the amount as typed, with
 * quick amounts, at least the minimum gift and at most `max`. Each attempt has its own
 * Idempotency-Key: kept for a retry after no answer (a network failure), renewed once the server
 * has answered and each time the dialog opens. A failure shows 'Payment Failed' with the reason.
 */
export function AmountDialog<R>({
  open,
  onOpenChange,
  id,
  title,
  description,
  children,
  initialAmount,
  quick,
  max,
  blocked = false,
  submitLabel,
  charge,
  onCharged,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  /** The amount field's id. */
  id: string;
  title: string;
  description: ReactNode;
  /** Shown between the description and the amount. */
  children?: ReactNode;
  /** The amount filled in each time the dialog opens. */
  initialAmount: string;
  quick: { label: string; cents: number }[];
  max: { cents: number; error: string };
  /** The charge cannot be made now (the dialog says why in `children`). */
  blocked?: boolean;
  /** The button's text for the typed amount (formatted), or for no amount yet (null). */
  submitLabel: (amount: string | null) => string;
  charge: UseMutationResult<R, Error, ChargeVars>;
  onCharged: (result: R) => void;
}) {
  const [amount, setAmount] = useState("");
  const [error, setError] = useState<string>();
  const key = useRef(newIdempotencyKey());
  const { m } = useI18n();
  const w = m.wallet;
  useEffect(() => {
    if (open) {
      setAmount(initialAmount);
      setError(undefined);
      key.current = newIdempotencyKey();
    }
    // Only when the dialog opens: a balance refreshed while it is open must not overwrite the typed amount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  const cents = typedCents(amount);

  const submit = () => {
    if (cents === null || cents < MIN_AMOUNT_CENTS) return setError(w.amountMin);
    if (cents > max.cents) return setError(max.error);
    setError(undefined);
    charge.mutate(
      { amountCents: cents, idempotencyKey: key.current },
      {
        onSuccess: (result) => {
          key.current = newIdempotencyKey();
          onCharged(result);
          onOpenChange(false);
        },
        onError: (err) => {
          if (serverAnswered(err)) key.current = newIdempotencyKey();
          toast({ title: w.paymentFailedTitle, description: errorText(err) ?? w.paymentFailedFallback, variant: "destructive" });
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <AmountField id={id} value={amount} onChange={setAmount} error={error} quick={quick} />
          <Button type="submit" disabled={blocked || charge.isPending || cents === null}>
            {charge.isPending ? m.giving.processing : submitLabel(cents ? formatCents(cents) : null)}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
