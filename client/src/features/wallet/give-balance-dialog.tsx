import { useState } from "react";
import { formatCents } from "@contract/money";
import { useAuth } from "@/lib/auth";
import { useFunds } from "@/lib/funds";
import { FundSelect } from "@/components/fund-select";
import { toast } from "@/components/ui/use-toast";
import { useI18n } from "@/lib/i18n";
import { useGiveBalance } from "./api";
import { AmountDialog } from "./amount-dialog";

/**
 * Giving the wallet balance (or part of it) to the church: the gift appears in Recent Giving and
 * a receipt is emailed. Starts at the whole balance; never more than it. The member picks the
 * fund as on the Give tab (the default preselected; decision 0135).
 */
export function GiveBalanceDialog({ open, onOpenChange, balanceCents }: { open: boolean; onOpenChange: (o: boolean) => void; balanceCents: number }) {
  const { church } = useAuth();
  const { m, locale } = useI18n();
  const funds = useFunds(locale).data;
  const [fundId, setFundId] = useState<string | null>(null);
  const give = useGiveBalance(fundId);
  const w = m.wallet;
  const churchName = church?.name ?? w.theChurch;
  return (
    <AmountDialog
      open={open}
      onOpenChange={onOpenChange}
      id="give-amount"
      title={w.giveFromWallet}
      description={w.giveFromWalletDescription(churchName)}
      initialAmount={(balanceCents / 100).toFixed(2)}
      quick={[{ label: w.allOfIt, cents: balanceCents }]}
      max={{ cents: balanceCents, error: w.insufficientBalance }}
      submitLabel={(amount) => (amount ? m.giving.give(amount) : m.giving.enterAmount)}
      charge={give}
      onCharged={(r) => toast({ title: w.giftThanksTitle, description: w.giftFromWallet(formatCents(r.gift.amountCents), churchName), duration: 5000 })}
    >
      <p className="text-sm text-muted-foreground">
        {w.availableBalanceColon} <span className="font-semibold text-foreground">{formatCents(balanceCents)}</span>
      </p>
      <FundSelect id="give-balance-fund" funds={funds} value={fundId} onChange={setFundId} />
    </AmountDialog>
  );
}
