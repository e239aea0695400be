import { CalendarDays, Landmark, ReceiptText } from "lucide-react";
import { formatCents } from "@contract/money";
import { RECENT_ACTIVITY_COUNT } from "@contract/wallet-text";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { QueryState, Skeletons } from "@/components/query-state";
import { useRecentTransactions, useWalletOverview } from "./api";
import { TransactionRow } from "./wallet-transaction-row";
import { useI18n } from "@/lib/i18n";

function Tile({ icon: Icon, label, value, testId }: { icon: typeof Landmark; label: string; value: string | null; testId: string }) {
  return (
    <Card className="p-4" data-testid={testId}>
      <div className="flex items-center gap-2 text-sm text-muted-foreground">
        <Icon className="size-4 text-primary" aria-hidden="true" />
        {label}
      </div>
      {value === null ? <Skeleton className="mt-2 h-6 w-24" /> : <p className="mt-1 font-semibold">{value}</p>}
    </Card>
  );
}

/**
 * Overview (spec section 2): Recent Activity (the latest 5, and 'View All Transactions' when
 * there are more), and the two tiles from real data: linked banks, and this month's round-ups
 * in the church's time zone (the spec hard-codes them).
 */
export function WalletOverviewTab({ onViewAll }: { onViewAll: () => void }) {
  const recent = useRecentTransactions();
  const overview = useWalletOverview();
  const o = overview.data;
  const w = useI18n().m.wallet;
  const banks = o ? (o.linkedBankAccounts === 0 ? w.noBankTile : w.bankAccounts(o.linkedBankAccounts)) : null;
  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="grid grid-cols-2 gap-3">
        <Tile icon={Landmark} label={w.linkedAccounts} value={overview.isError ? "—" : banks} testId="tile-linked" />
        <Tile icon={CalendarDays} label={w.thisMonth} value={overview.isError ? "—" : o ? w.saved(formatCents(o.roundUpsThisMonthCents)) : null} testId="tile-month" />
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{w.recentActivity}</CardTitle>
        </CardHeader>
        <CardContent>
          <QueryState query={recent} loading={<Skeletons count={3} className="h-12" />} error={w.transactionsFailed} empty={w.noTransactions} emptyIcon={ReceiptText} look="inset">
            {(items) => (
              <>
                <ul className="divide-y divide-border" aria-label={w.recentActivityList}>
                  {items.slice(0, RECENT_ACTIVITY_COUNT).map((t) => (
                    <TransactionRow key={t.id} t={t} showDate />
                  ))}
                </ul>
                {items.length > RECENT_ACTIVITY_COUNT && (
                  <Button variant="outline" className="mt-3 w-full" onClick={onViewAll}>
                    {w.viewAllTransactions}
                  </Button>
                )}
              </>
            )}
          </QueryState>
        </CardContent>
      </Card>
    </div>
  );
}
