/**
 * The wallet's server state (spec section 7): query keys are URL segments, and every change
 * refreshes whatever it touched. Money requests carry an Idempotency-Key, kept for retries of
 * the same attempt (a network error, a double tap) and renewed once the server has answered.
 */
import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { API } from "@contract/api-paths";
import type {
  AddCardRequest,
  DepositResponse,
  GiveBalanceResponse,
  LinkTokenResponse,
  PaymentMethod,
  RoundUpResult,
  RoundUpSetting,
  WalletBalance,
  WalletOverview,
  WalletTransaction,
  WalletTransactionStatus,
  WalletTransactionType,
} from "@contract/wallet";
import { TRANSACTIONS_PAGE_SIZE } from "@contract/wallet-text";
import { apiJson, apiRequest } from "@/lib/api";
import { queryClient, refetchPrefix } from "@/lib/query-client";
import { useApiMutation, type MutationConfig } from "@/lib/mutation";
import { openPlaidLink } from "./plaid-link";

const ROUNDUP_SETTING_KEY = [API.wallet.roundupSetting()];

/** Refreshes every wallet query (balance, tiles, lists, methods). */
const refreshWallet = () => refetchPrefix(API.wallet.balance(), API.wallet.overview(), API.wallet.transactions(), API.wallet.paymentMethods());

export const useBalance = () => useQuery<WalletBalance>({ queryKey: [API.wallet.balance()] });
export const useWalletOverview = () => useQuery<WalletOverview>({ queryKey: [API.wallet.overview()] });
/** One more than Recent Activity shows, to know whether 'View All Transactions' is needed. */
export const useRecentTransactions = () => useQuery<WalletTransaction[]>({ queryKey: [`${API.wallet.transactions()}?limit=6`] });
export const usePaymentMethods = () => useQuery<PaymentMethod[]>({ queryKey: [API.wallet.paymentMethods()] });
export const useRoundUpSetting = () => useQuery<RoundUpSetting>({ queryKey: ROUNDUP_SETTING_KEY });

export interface TransactionFilters {
  search: string;
  type: WalletTransactionType | "";
  status: WalletTransactionStatus | "";
}

/** The Transactions sub-tab: pages of 20, newest first; each request asks for one more to know if another page exists. */
export function useTransactionPages(filters: TransactionFilters) {
  return useInfiniteQuery({
    queryKey: [API.wallet.transactions(), filters],
    initialPageParam: "",
    queryFn: ({ pageParam }) => {
      const q = new URLSearchParams({ limit: String(TRANSACTIONS_PAGE_SIZE + 1) });
      if (filters.search.trim()) q.set("search", filters.search.trim());
      if (filters.type) q.set("type", filters.type);
      if (filters.status) q.set("status", filters.status);
      if (pageParam) q.set("before", pageParam);
      return apiJson<WalletTransaction[]>("GET", `${API.wallet.transactions()}?${q}`);
    },
    getNextPageParam: (last) => (last.length > TRANSACTIONS_PAGE_SIZE ? last[TRANSACTIONS_PAGE_SIZE - 1].id : undefined),
    // A new filter keeps the old list on screen until its answer arrives (no flash of skeletons per key).
    placeholderData: keepPreviousData,
  });
}

/** The saved round-up setting replaces the cached one. */
export const useSaveRoundUp = (config?: MutationConfig<RoundUpSetting, boolean>) =>
  useApiMutation((isEnabled: boolean) => apiJson<RoundUpSetting>("POST", API.wallet.roundupEnable(), { isEnabled }), config, (saved) =>
    queryClient.setQueryData(ROUNDUP_SETTING_KEY, saved),
  );

export const useProcessRoundUps = (config?: MutationConfig<RoundUpResult>) =>
  useApiMutation(() => apiJson<RoundUpResult>("POST", API.wallet.processRoundups()), config, refreshWallet);

export const useAddCard = (config?: MutationConfig<PaymentMethod, AddCardRequest>) =>
  useApiMutation((body: AddCardRequest) => apiJson<PaymentMethod>("POST", API.wallet.paymentMethods(), body), config, refreshWallet);

/**
 * Links a bank: the server's link-token answer says how. The sandbox bank takes the spec's
 * placeholder public token; with Plaid, Plaid Link runs (over nothing of ours) and its public
 * token is exchanged. Resolves null when the member closes Plaid Link.
 */
async function linkBank(beforePlaidLink: () => void): Promise<PaymentMethod | null> {
  const t = await apiJson<LinkTokenResponse>("POST", API.wallet.plaidLinkToken());
  let publicToken: string | null = `public-sandbox-${crypto.randomUUID()}`;
  if (t.provider === "plaid") {
    beforePlaidLink();
    publicToken = await openPlaidLink(t.linkToken);
  }
  if (!publicToken) return null;
  return apiJson<PaymentMethod>("POST", API.wallet.plaidExchangeToken(), { publicToken });
}

/** `beforePlaidLink` runs just before Plaid Link opens (the dialog steps aside for it). */
export const useLinkBank = (beforePlaidLink: () => void, config?: MutationConfig<PaymentMethod | null>) =>
  useApiMutation(() => linkBank(beforePlaidLink), config, (linked) => linked && refreshWallet());

export const useMakeDefault = (methodId: string, config?: MutationConfig<PaymentMethod>) =>
  useApiMutation(() => apiJson<PaymentMethod>("PUT", API.wallet.paymentMethod({ id: methodId }), { isDefault: true }), config, refreshWallet);

export const useRemoveMethod = (methodId: string, config?: MutationConfig<Response>) =>
  useApiMutation(() => apiRequest("DELETE", API.wallet.paymentMethod({ id: methodId })), config, refreshWallet);

/** A charge of `amountCents` under one Idempotency-Key (amount-dialog.tsx keeps the key per attempt). */
export interface ChargeVars {
  amountCents: number;
  idempotencyKey: string;
}

/** Refreshes the wallet after a charge, answered or not (a decline is a failed line in the ledger). */
function settled<T>(config: MutationConfig<T, ChargeVars> = {}): MutationConfig<T, ChargeVars> {
  const { onSettled, ...rest } = config;
  return {
    ...rest,
    onSettled: (...args) => {
      void refreshWallet();
      return onSettled?.(...args);
    },
  };
}

/** Add Funds: a deposit charged to the default card. */
export const useDeposit = (config?: MutationConfig<DepositResponse, ChargeVars>) =>
  useApiMutation(
    ({ amountCents, idempotencyKey }: ChargeVars) =>
      apiJson<DepositResponse>("POST", API.wallet.deposits(), { amountCents }, { "Idempotency-Key": idempotencyKey }),
    settled(config),
  );

/**
 * Giving the balance to `fundId` (null: the church's default fund; decision 0135): the gift also
 * belongs in the Give tab's Recent Giving.
 */
export const useGiveBalance = (fundId: string | null, config?: MutationConfig<GiveBalanceResponse, ChargeVars>) =>
  useApiMutation(
    ({ amountCents, idempotencyKey }: ChargeVars) =>
      apiJson<GiveBalanceResponse>("POST", API.wallet.give(), { amountCents, ...(fundId ? { fund_id: fundId } : {}) }, { "Idempotency-Key": idempotencyKey }),
    settled(config),
    () => refetchPrefix(API.giving.history()),
  );
