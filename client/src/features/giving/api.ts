/**
 * The Give tab's server state (spec section 7): gifts, recurring gifts and the year's statement.
 * After a gift (given or declined) or a change to a recurring gift, the history and recurring
 * lists are refetched. A gift carries its Idempotency-Key (idempotency-key.ts).
 */
import { useQuery } from "@tanstack/react-query";
import { API } from "@contract/api-paths";
import type { GiveRequestInput, GiveResponse, GivingHistoryEntry, GivingStatement, RecurringAction, RecurringDonation } from "@contract/giving";
import type { FeeSettings, Fund, FundAdmin, FundCreateInput, FundPatchInput, GivingTotals, LedgerPage } from "@contract/giving-funds";
import type { CardUpdateAnswer, CardUpdateGift, CardUpdateRequestInput, StatementRun } from "@contract/giving-statements";
import type { Locale } from "@contract/i18n/locales";
import { apiJson } from "@/lib/api";
import { queryClient, refetchPrefix } from "@/lib/query-client";
import { useApiMutation, type MutationConfig } from "@/lib/mutation";

const HISTORY_KEY = [API.giving.history()];
const RECURRING_KEY = [API.giving.recurring()];

const refreshGiving = () =>
  Promise.all([queryClient.invalidateQueries({ queryKey: HISTORY_KEY }), queryClient.invalidateQueries({ queryKey: RECURRING_KEY })]);

export const useGivingHistory = () => useQuery<GivingHistoryEntry[]>({ queryKey: HISTORY_KEY });
export const useRecurringDonations = () => useQuery<RecurringDonation[]>({ queryKey: RECURRING_KEY });
/** The open funds (issue 19), named in the member's language: the language is part of the key, so a change of language refetches. */
export const useFunds = (locale: Locale) => useQuery<Fund[]>({ queryKey: [`${API.giving.funds()}?locale=${locale}`] });
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

/** Completed gifts per fund over the last 30 days (every staff member; no donor). */
export const useGivingTotals = () => useQuery<GivingTotals>({ queryKey: [API.admin.givingTotals()] });
/** The gift ledger's first page (finance only; every view is audited). */
export const useLedger = (q: string) => useQuery<LedgerPage>({ queryKey: [`${API.admin.givingGifts()}?limit=20${q ? `&q=${encodeURIComponent(q)}` : ""}`] });

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
