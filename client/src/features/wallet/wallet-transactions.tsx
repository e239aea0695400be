import { useEffect, useState } from "react";
import { ReceiptText, Search, SearchX } from "lucide-react";
import type { WalletTransactionStatus, WalletTransactionType } from "@contract/wallet";
import { TRANSACTIONS_PAGE_SIZE, WALLET_TRANSACTION_STATUSES, WALLET_TRANSACTION_TYPES } from "@contract/wallet-text";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { QueryState, Skeletons } from "@/components/query-state";
import { useTransactionPages, type TransactionFilters } from "./api";
import { groupByDay } from "./wallet-format";
import { TransactionRow } from "./wallet-transaction-row";
import { useI18n } from "@/lib/i18n";

const selectClass = "min-h-11 w-full rounded-md border border-input bg-card px-3 text-base text-foreground";

/** The search box asks the server once typing pauses, not on every key. */
function useDebounced<T>(value: T, ms = 300) {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}

/**
 * Transactions (spec section 2): search, type and status filters (all done by the server), the
 * list grouped by day newest first with times, 20 at a time with 'Load more', and the two empty
 * texts ('No transactions yet'; with a filter or search, 'No transactions found matching your filters').
 */
export function WalletTransactionsTab() {
  const [search, setSearch] = useState("");
  const [type, setType] = useState<TransactionFilters["type"]>("");
  const [status, setStatus] = useState<TransactionFilters["status"]>("");
  const filters = { search: useDebounced(search), type, status };
  const pages = useTransactionPages(filters);
  const list = pages.data?.pages.flatMap((p) => p.slice(0, TRANSACTIONS_PAGE_SIZE)) ?? [];
  const filtered = !!(search.trim() || type || status);
  const w = useI18n().m.wallet;

  return (
    <section aria-label={w.transactions} className="grid grid-cols-1 gap-4">
      <div className="grid grid-cols-1 gap-3">
        <div className="relative">
          <Search className="pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <Input type="search" aria-label={w.searchTransactions} placeholder={w.searchPlaceholder} value={search} onChange={(e) => setSearch(e.target.value)} className="pl-10" />
        </div>
        <div className="grid grid-cols-2 gap-3">
          <select aria-label={w.type} className={selectClass} value={type} onChange={(e) => setType(e.target.value as WalletTransactionType | "")}>
            <option value="">{w.allTypes}</option>
            {WALLET_TRANSACTION_TYPES.map((t) => (
              <option key={t} value={t}>
                {w.types[t]}
              </option>
            ))}
          </select>
          <select aria-label={w.status} className={selectClass} value={status} onChange={(e) => setStatus(e.target.value as WalletTransactionStatus | "")}>
            <option value="">{w.allStatuses}</option>
            {WALLET_TRANSACTION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {w.statuses[s]}
              </option>
            ))}
          </select>
        </div>
      </div>

      <QueryState query={pages} data={list} loading={<Skeletons count={4} className="h-14" />} error={w.transactionsFailed} empty={filtered ? w.noMatches : w.noTransactions} emptyIcon={filtered ? SearchX : ReceiptText} look="box">
        {(items) => (
          <div className="grid grid-cols-1 gap-4">
            {groupByDay(items).map((g) => (
              <Card key={g.key} className="px-4 py-1">
                <h3 className="pt-3 text-sm font-semibold text-muted-foreground">{g.label}</h3>
                <ul className="divide-y divide-border" aria-label={g.label}>
                  {g.items.map((t) => (
                    <TransactionRow key={t.id} t={t} />
                  ))}
                </ul>
              </Card>
            ))}
            {pages.hasNextPage && (
              <Button variant="outline" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
                {pages.isFetchingNextPage ? w.loading : w.loadMore}
              </Button>
            )}
          </div>
        )}
      </QueryState>
    </section>
  );
}
