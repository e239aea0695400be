/**
 * The Give tab's server state (spec section 7): gifts, recurring gifts and the year's statement.
 * After a gift (given or declined) or a change to a recurring gift, the history and recurring
 * lists are refetched. A gift carries its Idempotency-Key (idempotency-key.ts).
 */
import { useInfiniteQuery, useQuery, type InfiniteData } from "@tanstack/react-query";
import { API } from "@contract/api-paths";
import type { GiveRequestInput, GiveResponse, GivingHistoryEntry, GivingStatement, RecurringAction, RecurringDonation } from "@contract/giving";
import type { FeeSettings, FundAdmin, FundCreateInput, FundPatchInput, LedgerPage } from "@contract/giving-funds";
import { LEDGER_PAGE_DEFAULT } from "@contract/giving-funds-text";
import type { Batch, BatchCreateInput, BatchList, BatchPatchInput, DonorMatch } from "@contract/giving-batches";
import type { CardUpdateAnswer, CardUpdateGift, CardUpdateRequestInput, StatementRun } from "@contract/giving-statements";
import type { RefundRequest, RefundResponse } from "@contract/giving-refunds";
import { apiJson, downloadFile } from "@/lib/api";
import type { DonorPage, GivingTotalsReport } from "@contract/giving-ledger";
import { queryClient, refetchPrefix } from "@/lib/query-client";
import { useApiMutation, type MutationConfig } from "@/lib/mutation";

const HISTORY_KEY = [API.giving.history()];
const RECURRING_KEY = [API.giving.recurring()];

const refreshGiving = () =>
  Promise.all([queryClient.invalidateQueries({ queryKey: HISTORY_KEY }), queryClient.invalidateQueries({ queryKey: RECURRING_KEY })]);

export const useGivingHistory = () => useQuery<GivingHistoryEntry[]>({ queryKey: HISTORY_KEY });
export const useRecurringDonations = () => useQuery<RecurringDonation[]>({ queryKey: RECURRING_KEY });
/** The church's processing fee a giver may cover (both zero: not offered). */
export const useProcessingFee = () => useQuery<FeeSettings>({ queryKey: [API.giving.fee()] });
export const useGivingStatement = (year: number) => useQuery<GivingStatement>({ queryKey: [`${API.giving.statement()}?year=${year}`] });

export interface GiveVars {
  body: GiveRequestInput;
  isRecurring: boolean;
  idempotencyKey: string;
}

/** A one-time or recurring gift. A decline is recorded as a FAILED attempt, so the lists refetch either way. */
export function useGive(config: MutationConfig<GiveResponse, GiveVars> = {}) {
  const { onSettled, ...rest } = config;
  return useApiMutation(
    ({ body, isRecurring, idempotencyKey }: GiveVars) =>
      apiJson<GiveResponse>("POST", isRecurring ? API.giving.recurring() : API.giving.oneTime(), body, { "Idempotency-Key": idempotencyKey }),
    {
      ...rest,
      onSettled: (...args) => {
        void refreshGiving();
        return onSettled?.(...args);
      },
    },
  );
}

export const useRecurringAction = (giftId: string, config?: MutationConfig<RecurringDonation, RecurringAction>) =>
  useApiMutation((action: RecurringAction) => apiJson<RecurringDonation>("POST", API.giving.recurringAction({ id: giftId, action })), config, refreshGiving);

// ── Admin -> Giving (issue 19; decision 0113): funds, the processing fee ──
export const useAllFunds = () => useQuery<FundAdmin[]>({ queryKey: [API.admin.givingFunds()] });
/** Any change to funds refetches both lists (the give form's, in every language, and the admin one). */
const refreshFunds = () => refetchPrefix(API.giving.funds(), API.admin.givingFunds());

export const useCreateFund = (config?: MutationConfig<FundAdmin, FundCreateInput>) =>
  useApiMutation((body: FundCreateInput) => apiJson<FundAdmin>("POST", API.giving.funds(), body), config, refreshFunds);
export const useChangeFund = (config?: MutationConfig<FundAdmin, { id: string; patch: FundPatchInput }>) =>
  useApiMutation(({ id, patch }: { id: string; patch: FundPatchInput }) => apiJson<FundAdmin>("PATCH", API.giving.fund({ id }), patch), config, refreshFunds);
export const useSetProcessingFee = (config?: MutationConfig<FeeSettings, FeeSettings>) =>
  useApiMutation((body: FeeSettings) => apiJson<FeeSettings>("PUT", API.giving.fee(), body), config, () => refetchPrefix(API.giving.fee()));

// ── Admin -> Giving -> Cash and checks (issue 19; decision 0120): finance only ──
/** One page of batches with their totals, newest collection first (`cursor`: the previous page's nextCursor). */
export const useBatches = (cursor: string | null) =>
  useQuery<BatchList>({ queryKey: [`${API.admin.givingBatches()}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`] });
/** One batch with its lines (every view is audited on the server). */
export const useBatch = (id: string) => useQuery<Batch>({ queryKey: [API.admin.givingBatch({ id })] });
/** Members for the donor picker (at least one character typed). */
export const useDonorSearch = (q: string) =>
  useQuery<DonorMatch[]>({ queryKey: [`${API.admin.givingDonorSearch()}?q=${encodeURIComponent(q)}`], enabled: q.length > 0 });

/** A batch's gifts are gifts: the batches, the ledger, the totals and the member's own history refetch after any change. */
const refreshBatches = (batch: Batch) => {
  queryClient.setQueryData([API.admin.givingBatch({ id: batch.id })], batch);
  return refetchPrefix(API.admin.givingBatches(), API.admin.givingGifts(), API.admin.givingTotals(), API.giving.history());
};
export interface BatchWrite<T> {
  body: T;
  /** Kept across retries of the same attempt (idempotency-key.ts): a batch is never recorded twice. */
  idempotencyKey: string;
}
export const useCreateBatch = (config?: MutationConfig<Batch, BatchWrite<BatchCreateInput>>) =>
  useApiMutation(
    ({ body, idempotencyKey }: BatchWrite<BatchCreateInput>) => apiJson<Batch>("POST", API.admin.givingBatches(), body, { "Idempotency-Key": idempotencyKey }),
    config,
    refreshBatches,
  );
export const useChangeBatch = (id: string, config?: MutationConfig<Batch, BatchWrite<BatchPatchInput>>) =>
  useApiMutation(
    ({ body, idempotencyKey }: BatchWrite<BatchPatchInput>) => apiJson<Batch>("PATCH", API.admin.givingBatch({ id }), body, { "Idempotency-Key": idempotencyKey }),
    config,
    refreshBatches,
  );
export const useCloseBatch = (id: string, config?: MutationConfig<Batch, void>) =>
  useApiMutation(() => apiJson<Batch>("POST", API.admin.givingBatchClose({ id })), config, refreshBatches);
export interface RefundVars {
  giftId: string;
  body: RefundRequest;
  idempotencyKey: string;
}
/**
 * Refund or void a gift (finance; decision 0119). Afterwards the ledger, the totals and the
 * staff member's own history (they may have refunded their own gift) are refetched, whatever the answer.
 */
export function useRefundGift(config: MutationConfig<RefundResponse, RefundVars> = {}) {
  const { onSettled, ...rest } = config;
  return useApiMutation(
    ({ giftId, body, idempotencyKey }: RefundVars) => apiJson<RefundResponse>("POST", API.admin.givingRefund({ id: giftId }), body, { "Idempotency-Key": idempotencyKey }),
    {
      ...rest,
      onSettled: (...args) => {
        void refetchPrefix(API.admin.givingGifts(), API.admin.givingTotals());
        void refreshGiving();
        return onSettled?.(...args);
      },
    },
  );
}

// ── the ledger's filters, totals by period, a donor's page, the CSV export (issue 19; decision 0122) ──
export type LedgerFilters = { from: string; to: string; fundId: string; method: string; status: string; q: string };
/** The query string of the filters that are set (empty ones are left out, so the server's defaults apply). */
export const ledgerQuery = (f: Record<string, string | undefined>) =>
  new URLSearchParams(Object.entries(f).filter((e): e is [string, string] => typeof e[1] === "string" && e[1].trim() !== "")).toString();

/** Totals per fund and per week or month (every staff member; no donor). */
export const useTotalsReport = (f: Pick<LedgerFilters, "from" | "to" | "fundId" | "method">, group: string) =>
  useQuery<GivingTotalsReport>({ queryKey: [`${API.admin.givingTotals()}?${ledgerQuery({ from: f.from, to: f.to, fundId: f.fundId, method: f.method, group })}`] });

/** The ledger with its filters, a keyset page at a time ("Load more"); finance only, every page audited. */
export const useLedgerPages = (f: LedgerFilters) => {
  const base = `${API.admin.givingGifts()}?${ledgerQuery({ ...f, limit: String(LEDGER_PAGE_DEFAULT) })}`;
  return useInfiniteQuery<LedgerPage, Error, InfiniteData<LedgerPage>, string[], string | null>({
    queryKey: [base],
    initialPageParam: null,
    queryFn: ({ pageParam }) => apiJson<LedgerPage>("GET", pageParam ? `${base}&cursor=${encodeURIComponent(pageParam)}` : base),
    getNextPageParam: (last) => last.nextCursor,
  });
};

/** A donor's page (finance only; every page audited): the donor, years and recurring gifts come with each page of gifts. */
export const useDonorPages = (userId: string) => {
  const base = API.admin.givingDonor({ userId });
  return useInfiniteQuery<DonorPage, Error, InfiniteData<DonorPage>, string[], string | null>({
    queryKey: [base],
    initialPageParam: null,
    queryFn: ({ pageParam }) => apiJson<DonorPage>("GET", pageParam ? `${base}?cursor=${encodeURIComponent(pageParam)}` : base),
    getNextPageParam: (last) => last.nextCursor,
  });
};

/** Downloads the CSV of every completed gift from `from` to `to` and saves it under the server's file name. */
export async function downloadGivingCsv(range: Pick<LedgerFilters, "from" | "to">) {
  await downloadFile(`${API.admin.givingExport()}?${ledgerQuery(range)}`, "giving.csv");
}

// ── Year-end statements (Admin → Giving) and a stopped gift's card update link (decision 0121) ──
const statementRunKey = (year: number) => [API.admin.givingStatementRun({ year })];
/** A year's statement run (finance); refetched every 2 s while it is running. */
export const useStatementRun = (year: number) =>
  useQuery<StatementRun>({ queryKey: statementRunKey(year), refetchInterval: (q) => (q.state.data?.status === "running" ? 2_000 : false) });
export const useStartStatementRun = (config?: MutationConfig<StatementRun, number>) =>
  useApiMutation((year: number) => apiJson<StatementRun>("POST", API.admin.givingStatements(), { year }), config, (run, year) => queryClient.setQueryData(statementRunKey(year), run));
/** The stopped gift a card update link is for (a used or expired link answers 400). */
export const useCardUpdateGift = (token: string) => useQuery<CardUpdateGift>({ queryKey: [`${API.giving.cardUpdate()}?token=${encodeURIComponent(token)}`], enabled: !!token });
export const useUpdateCard = (config?: MutationConfig<CardUpdateAnswer, CardUpdateRequestInput>) =>
  useApiMutation((body: CardUpdateRequestInput) => apiJson<CardUpdateAnswer>("POST", API.giving.cardUpdate(), body), config);
