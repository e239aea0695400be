import { ArrowDownLeft, CircleDollarSign, Coins, HeartHandshake, Undo2 } from "lucide-react";
import type { WalletTransaction, WalletTransactionType } from "@contract/wallet";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";
import { amountClass, dateAndTime, signedAmount, timeOfDay } from "./wallet-format";
import { tr, useI18n } from "@/lib/i18n";

const ICONS: Record<WalletTransactionType, typeof Coins> = {
  round_up: Coins,
  deposit: CircleDollarSign,
  withdrawal: ArrowDownLeft,
  payment: HeartHandshake,
  refund: Undo2,
};

/**
 * One ledger line: the merchant (or what it was), what happened and when, and the amount signed
 * and coloured by type (spec section 9). A pending or failed line says so; a failed amount is
 * struck through, as it never moved the balance.
 */
export function TransactionRow({ t, showDate = false }: { t: WalletTransaction; showDate?: boolean }) {
  const Icon = ICONS[t.type];
  const w = useI18n().m.wallet;
  // Descriptions the ledger wrote are stored in English ("Gift to ..."); shown in the member's language.
  const description = tr(t.description);
  const title = t.merchantName || description;
  const when = showDate ? dateAndTime(t.createdAt) : timeOfDay(t.createdAt);
  return (
    <li data-testid="wallet-transaction" className="flex items-center gap-3 py-3">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-muted text-primary">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{title}</p>
        <p className="truncate text-sm text-muted-foreground">
          <time dateTime={t.createdAt}>{when}</time>
          {t.merchantName ? ` · ${description}` : ""}
        </p>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">
        <span className={cn("font-semibold tabular-nums", amountClass(t), t.status === "failed" && "line-through opacity-60")}>{signedAmount(t)}</span>
        {t.status !== "completed" && (
          <Badge variant={t.status === "failed" ? "outline" : "secondary"} className={t.status === "failed" ? "border-destructive text-destructive" : undefined}>
            {w.statuses[t.status]}
          </Badge>
        )}
      </div>
    </li>
  );
}
