/** The prayer wall's server state (spec section 7): one list, refetched after each change. */
import { useQuery } from "@tanstack/react-query";
import { API } from "@contract/api-paths";
import type { Prayer, PrayerRequestInput } from "@contract/prayer";
import { apiJson, apiRequest } from "@/lib/api";
import { queryClient } from "@/lib/query-client";
import { useApiMutation, type MutationConfig } from "@/lib/mutation";

const PRAYERS_KEY = [API.prayer.list()];
const refresh = () => queryClient.invalidateQueries({ queryKey: PRAYERS_KEY });

export const usePrayers = () => useQuery<Prayer[]>({ queryKey: PRAYERS_KEY });

export const useSubmitPrayer = (config?: MutationConfig<{ id: string }, PrayerRequestInput>) =>
  useApiMutation((data: PrayerRequestInput) => apiJson<{ id: string }>("POST", API.prayer.requests(), data), config, refresh);

/** Praying for a request, marking it answered (its author) or hiding it (staff). */
export type PrayerAction = "pray" | "answered" | "hide";

export const usePrayerAction = (prayerId: string, action: PrayerAction, config?: MutationConfig<Response>) =>
  useApiMutation(() => apiRequest("POST", API.prayer[action]({ id: prayerId })), config, refresh);
