import { useState, type FormEvent } from "react";
import { Lock, Repeat } from "lucide-react";
import type { Frequency } from "@contract/giving";
import { FREQUENCIES, MIN_AMOUNT_CENTS, QUICK_AMOUNTS, giveButtonLabel } from "@contract/giving-text";
import { amountInputToCents } from "@contract/giving-form";
import { coverFeeCents, describeFee, feeConfigured, type ProcessingFee } from "@contract/giving-fee";
import type { Fund } from "@contract/giving-funds";
import { formatCents } from "@contract/money";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { FundSelect } from "@/components/fund-select";
import { useI18n } from "@/lib/i18n";
import { usePreload } from "@/lib/lazy-resolver";
import { paymentResolver } from "./payment-resolver";

/** The amount selection's values (spec section 3, Donation form values); kept while the member goes to payment and back. */
export interface AmountValues {
  /** What the member typed or picked, as typed ("" when none). */
  amount: string;
  isRecurring: boolean;
  frequency: Frequency;
  /** null: follow the stored round-up setting until the member touches the toggle. */
  roundUp: boolean | null;
  /** The fund chosen (issue 19); null: the church's default, preselected. */
  fundId: string | null;
  /** "Cover the processing fee" (shown only when the church has set a fee). */
  coverFee: boolean;
}

export const EMPTY_AMOUNT: AmountValues = { amount: "", isRecurring: false, frequency: "monthly", roundUp: null, fundId: null, coverFee: false };

/**
 * Give tab, amount selection (spec section 2): custom amount (min 1, step 0.01), quick amounts,
 * recurring toggle with Frequency, the Round-up Giving toggle, the submit button and the
 * payment-provider footer. Submitting checks the $1 minimum, then hands over to the payment step.
 */
export function AmountStep({
  values,
  onChange,
  storedRoundUp,
  funds,
  fee,
  onSubmit,
}: {
  values: AmountValues;
  onChange: (v: AmountValues) => void;
  storedRoundUp: boolean | undefined;
  /** The open funds (the default first); the select shows when there is more than one. */
  funds: Fund[] | undefined;
  /** The church's fee; the toggle shows when one is set. */
  fee: ProcessingFee | undefined;
  onSubmit: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  usePreload(paymentResolver); // the next step's rules, fetched while the member picks an amount
  const { m } = useI18n();
  const g = m.giving;
  const cents = amountInputToCents(values.amount);
  const roundUp = values.roundUp ?? storedRoundUp ?? false;
  const f = m.funds;
  const feeCents = fee && values.coverFee ? coverFeeCents(cents, fee) : 0;
  const set = (patch: Partial<AmountValues>) => onChange({ ...values, ...patch });

  function pickQuick(dollars: number) {
    // The quick input ignores values that are not numbers above 0 (spec section 5).
    if (amountInputToCents(dollars) <= 0) return;
    setError(null);
    set({ amount: String(dollars) });
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (cents < MIN_AMOUNT_CENTS) {
      setError(g.amountMin);
      return;
    }
    onSubmit();
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label={g.selectAmountForm}>
      <Card>
        <CardHeader>
          <CardTitle>{g.selectAmount}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="grid gap-1.5">
            <Label htmlFor="give-amount">{g.amountUsd}</Label>
            <div className="relative">
              <span aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-lg font-semibold text-muted-foreground">
                $
              </span>
              <Input
                id="give-amount"
                type="number"
                inputMode="decimal"
                min={1}
                step={0.01}
                placeholder="0.00"
                value={values.amount}
                aria-invalid={!!error}
                aria-describedby={error ? "give-amount-error" : undefined}
                onChange={(e) => {
                  setError(null);
                  set({ amount: e.target.value });
                }}
                className="min-h-14 pl-8 text-2xl font-semibold"
              />
            </div>
            {error && (
              <p id="give-amount-error" role="alert" className="text-sm font-medium text-destructive">
                {error}
              </p>
            )}
          </div>
          <div className="grid grid-cols-4 gap-2" role="group" aria-label={g.quickAmounts}>
            {QUICK_AMOUNTS.map((q) => {
              const selected = cents === q * 100;
              return (
                <Button
                  key={q}
                  type="button"
                  variant={selected ? "default" : "outline"}
                  aria-pressed={selected}
                  onClick={() => pickQuick(q)}
                  className="px-0"
                >
                  ${q}
                </Button>
              );
            })}
          </div>

          <FundSelect id="give-fund" funds={funds} value={values.fundId} onChange={(fundId) => set({ fundId })} />

          <div className="grid gap-3 rounded-lg border border-border p-3">
            <div className="flex min-h-11 items-center justify-between gap-3">
              <Label htmlFor="give-recurring" className="flex items-center gap-2 text-base">
                <Repeat className="size-4 text-primary" aria-hidden="true" />
                {g.recurringToggle}
              </Label>
              <Switch id="give-recurring" checked={values.isRecurring} onCheckedChange={(v) => set({ isRecurring: v })} />
            </div>
            {values.isRecurring && (
              <div className="grid gap-1.5">
                <Label htmlFor="give-frequency">{g.frequency}</Label>
                <select
                  id="give-frequency"
                  value={values.frequency}
                  onChange={(e) => set({ frequency: e.target.value as Frequency })}
                  className="min-h-11 w-full rounded-md border border-input bg-card px-3 text-base text-foreground"
                >
                  {FREQUENCIES.map((f) => (
                    <option key={f} value={f}>
                      {g.frequencies[f]}
                    </option>
                  ))}
                </select>
              </div>
            )}
          </div>

          <div className="flex min-h-11 items-center justify-between gap-3 rounded-lg border border-border p-3">
            <div className="grid gap-0.5">
              <Label htmlFor="give-roundup" className="text-base">
                {g.roundUp.label}
              </Label>
              <p id="give-roundup-description" className="text-sm text-muted-foreground">
                {g.roundUp.description}
              </p>
            </div>
            <Switch
              id="give-roundup"
              aria-describedby="give-roundup-description"
              checked={roundUp}
              disabled={storedRoundUp === undefined}
              onCheckedChange={(v) => set({ roundUp: v })}
            />
          </div>

          {fee && feeConfigured(fee) && (
            <div className="flex min-h-11 items-center justify-between gap-3 rounded-lg border border-border p-3">
              <div className="grid gap-0.5">
                <Label htmlFor="give-cover-fee" className="text-base">
                  {f.coverFee}
                </Label>
                <p id="give-cover-fee-description" className="text-sm text-muted-foreground">
                  {cents > 0 ? f.coverFeeDescription(formatCents(coverFeeCents(cents, fee))) : f.coverFeeDescription(describeFee(fee))}
                </p>
                {feeCents > 0 && (
                  <p className="text-sm font-semibold" data-testid="give-total">
                    {f.chargedTotal(formatCents(cents + feeCents))}
                  </p>
                )}
              </div>
              <Switch
                id="give-cover-fee"
                aria-describedby="give-cover-fee-description"
                checked={values.coverFee}
                onCheckedChange={(v) => set({ coverFee: v })}
              />
            </div>
          )}

          <Button type="submit" size="lg" disabled={cents <= 0} className="w-full">
            {giveButtonLabel(cents, values.isRecurring, values.frequency, g)}
          </Button>
          <p className="flex items-start gap-2 text-sm text-muted-foreground">
            <Lock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {g.providerFooter}
          </p>
        </CardContent>
      </Card>
    </form>
  );
}

export function GiveHeading() {
  const g = useI18n().m.giving;
  return (
    <div className="grid gap-2 text-center">
      <h2 className="text-2xl font-bold">{g.heading}</h2>
      <figure className="mx-auto max-w-sm">
        <blockquote className="italic text-muted-foreground">&ldquo;{g.scripture}&rdquo;</blockquote>
        <figcaption className="mt-1 text-sm font-semibold text-primary">{g.scriptureRef}</figcaption>
      </figure>
    </div>
  );
}
