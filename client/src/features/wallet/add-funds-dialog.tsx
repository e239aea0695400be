import { CreditCard, Info } from "lucide-react";
import { formatCents } from "@contract/money";
import { DEPOSIT_QUICK_AMOUNTS, MAX_DEPOSIT_CENTS } from "@contract/wallet-text";
import { toast } from "@/components/ui/use-toast";
import { useI18n } from "@/lib/i18n";
import { useDeposit, usePaymentMethods } from "./api";
import { methodName } from "./wallet-format";
import { AmountDialog } from "./amount-dialog";

/**
 * Add Funds (the spec leaves its action unshown): charges the default card through the payment
 * gateway and adds a deposit to the wallet. A decline shows 'Payment Failed' with the reason.
 */
export function AddFundsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const methods = usePaymentMethods();
  const source = methods.data?.find((m) => m.isDefault);
  const deposit = useDeposit();
  const w = useI18n().m.wallet;
  const blocked = !source ? w.noPaymentMethod : source.type !== "credit_card" ? w.defaultIsBank : null;
  return (
    <AmountDialog
      open={open}
      onOpenChange={onOpenChange}
      id="funds-amount"
      title={w.addFunds}
      description={w.addFundsDescription}
      initialAmount=""
      quick={DEPOSIT_QUICK_AMOUNTS.map((d) => ({ label: `$${d}`, cents: d * 100 }))}
      max={{ cents: MAX_DEPOSIT_CENTS, error: w.depositMax }}
      blocked={!!blocked || methods.isPending}
      submitLabel={(amount) => (amount ? w.addAmount(amount) : w.enterAnAmount)}
      charge={deposit}
      onCharged={(r) => toast({ title: w.fundsAddedTitle, description: w.fundsAdded(formatCents(r.transaction.amountCents)) })}
    >
      {methods.isPending ? null : blocked ? (
        <p className="flex gap-2 rounded-md bg-muted p-3 text-sm" role="note">
          <Info className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" /> {blocked}
        </p>
      ) : (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="funds-source">
          <CreditCard className="size-4 text-primary" aria-hidden="true" /> {w.fromMethod(methodName(source!))}
        </p>
      )}
    </AmountDialog>
  );
}
