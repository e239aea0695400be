/**
 * The wallet's server state (spec section 7): query keys are URL segments, and every change
 * refreshes whatever it touched. Money requests carry an Idempotency-Key, kept for retries of
 * the same attempt (a network error, a double tap) and renewed once the server has answered.
 */
import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { PaymentMethod, WalletTransaction, WalletTransactionStatus, WalletTransactionType } from "@contract/wallet";
import { TRANSACTIONS_PAGE_SIZE } from "@contract/wallet-text";
import { apiJson } from "@/lib/api";
import { queryClient } from "@/lib/query-client";

export const BALANCE_KEY = ["/api/wallet/balance"];
export const OVERVIEW_KEY = ["/api/wallet/overview"];
export const METHODS_KEY = ["/api/wallet/payment-methods"];
export const ROUNDUP_SETTING_KEY = ["/api/roundup/setting"];
/** One more than Recent Activity shows, to know whether 'View All Transactions' is needed. */
export const RECENT_KEY = ["/api/wallet/transactions?limit=6"];

/** Refreshes every wallet query (balance, tiles, lists, methods). */
export const refreshWallet = () =>
  queryClient.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === "string" && q.queryKey[0].startsWith("/api/wallet") });

/** A gift from the wallet also belongs in the Give tab's Recent Giving. */
export const refreshGivingHistory = () =>
  queryClient.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === "string" && q.queryKey[0].startsWith("/api/giving/history") });

export const usePaymentMethods = () => useQuery<PaymentMethod[]>({ queryKey: METHODS_KEY });

export interface TransactionFilters {
  search: string;
  type: WalletTransactionType | "";
  status: WalletTransactionStatus | "";
}

/** The Transactions sub-tab: pages of 20, newest first; each request asks for one more to know if another page exists. */
export function useTransactionPages(filters: TransactionFilters) {
  return useInfiniteQuery({
    queryKey: ["/api/wallet/transactions", filters],
    initialPageParam: "",
    queryFn: ({ pageParam }) => {
      const q = new URLSearchParams({ limit: String(TRANSACTIONS_PAGE_SIZE + 1) });
      if (filters.search.trim()) q.set("search", filters.search.trim());
      if (filters.type) q.set("type", filters.type);
      if (filters.status) q.set("status", filters.status);
      if (pageParam) q.set("before", pageParam);
      return apiJson<WalletTransaction[]>("GET", `/api/wallet/transactions?${q}`);
    },
    getNextPageParam: (last) => (last.length > TRANSACTIONS_PAGE_SIZE ? last[TRANSACTIONS_PAGE_SIZE - 1].id : undefined),
    // A new filter keeps the old list on screen until its answer arrives (no flash of skeletons per key).
    placeholderData: keepPreviousData,
  });
}

export const newIdempotencyKey = () => crypto.randomUUID();
