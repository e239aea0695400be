/**
 * The Give tab's server state (spec section 7): gifts, recurring gifts and the year's statement.
 * After a gift (given or declined) or a change to a recurring gift, the history and recurring
 * lists are refetched. A gift carries its Idempotency-Key (idempotency-key.ts).
 */
import { useQuery } from "@tanstack/react-query";
import { API } from "@contract/api-paths";
import type { GiveRequestInput, GiveResponse, GivingHistoryEntry, GivingStatement, RecurringAction, RecurringDonation } from "@contract/giving";
import { apiJson } from "@/lib/api";
import { queryClient } from "@/lib/query-client";
import { useApiMutation, type MutationConfig } from "@/lib/mutation";

const HISTORY_KEY = [API.giving.history()];
const RECURRING_KEY = [API.giving.recurring()];

const refreshGiving = () =>
  Promise.all([queryClient.invalidateQueries({ queryKey: HISTORY_KEY }), queryClient.invalidateQueries({ queryKey: RECURRING_KEY })]);

export const useGivingHistory = () => useQuery<GivingHistoryEntry[]>({ queryKey: HISTORY_KEY });
export const useRecurringDonations = () => useQuery<RecurringDonation[]>({ queryKey: RECURRING_KEY });
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
