import type { Fund } from "@contract/giving-funds";
import { Label } from "@/components/ui/label";
import { useI18n } from "@/lib/i18n";
import { defaultFundId } from "@/lib/funds";

/**
 * The fund a gift goes to (issue 19): the open funds, the default preselected; shown only when
 * the church has more than one. `value` null: the default. The Give tab's card gift and the
 * wallet's Give Balance both use it, so a member chooses a fund the same way (decision 0135).
 */
export function FundSelect({ id, funds, value, onChange }: { id: string; funds: Fund[] | undefined; value: string | null; onChange: (fundId: string) => void }) {
  const f = useI18n().m.funds;
  if (!funds || funds.length < 2) return null;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{f.fund}</Label>
      <select
        id={id}
        value={value ?? defaultFundId(funds)}
        onChange={(e) => onChange(e.target.value)}
        className="min-h-11 w-full rounded-md border border-input bg-card px-3 text-base text-foreground"
      >
        {funds.map((x) => (
          <option key={x.id} value={x.id}>
            {x.name}
          </option>
        ))}
      </select>
    </div>
  );
}
