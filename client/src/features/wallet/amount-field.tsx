import { formatCents } from "@contract/money";
import { Input } from "@/components/ui/input";
import { FormField } from "@/components/ui/form-field";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { useI18n } from "@/lib/i18n";

/** A dollar amount (min 1, step 0.01) with quick-amount chips; `value` is the text as typed. */
export function AmountField({
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
export function typedCents(text: string): number | null {
  const n = Number(text);
  if (!text.trim() || !Number.isFinite(n) || n <= 0) return null;
  return Math.round(n * 100);
}

export const centsLabel = (cents: number | null) => (cents ? formatCents(cents) : "");
