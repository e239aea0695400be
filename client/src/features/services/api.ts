/**
 * Services' server state (spec section 7): the live service (Home's panel, Live Control and the
 * moderation queue), the services list, a poll's results, and every change staff and members
 * make to them. A change refetches every /api/services query, as the live events do.
 */
import { useQuery } from "@tanstack/react-query";
import { API } from "@contract/api-paths";
import { QUESTION_PAGE_MAX, type LiveService, type PollResults, type Question, type Service } from "@contract/services";
import { apiJson } from "@/lib/api";
import { queryClient, refetchPrefix } from "@/lib/query-client";
import { useApiMutation, type MutationConfig } from "@/lib/mutation";

const LIVE_SERVICE_KEY = [API.services.live()];
const refreshServices = () => refetchPrefix(API.services.list());

export const useLiveService = () => useQuery<LiveService>({ queryKey: LIVE_SERVICE_KEY });
/** Home's live service, asked for while Home's code is still on its way (app/router.tsx). */
export const prefetchLiveService = () => queryClient.prefetchQuery({ queryKey: LIVE_SERVICE_KEY });
export const useServices = () => useQuery<Service[]>({ queryKey: [API.services.list()] });
/** A service's questions for moderation (staff get the pending ones too): the newest QUESTION_PAGE_MAX in one page. */
export const useServiceQuestions = (serviceId: string | undefined) =>
  useQuery<Question[]>({ queryKey: [`${API.services.questions({ id: serviceId ?? "" })}?limit=${QUESTION_PAGE_MAX}`], enabled: !!serviceId });

/** A poll's results, shown from the live service's copy until its own answer arrives. */
export const usePollResults = (pollId: string, placeholder: PollResults) =>
  useQuery<PollResults>({ queryKey: [API.polls.results({ pollId })], placeholderData: placeholder });

/** A vote answers with the poll's results, which replace the cached ones; a failed vote refetches them. */
export function useVote(pollId: string, config: MutationConfig<PollResults, number> = {}) {
  const key = [API.polls.results({ pollId })];
  const { onError, ...rest } = config;
  return useApiMutation((optionIndex: number) => apiJson<PollResults>("POST", API.polls.vote({ pollId }), { optionIndex }), {
    ...rest,
    onError: (...args) => {
      onError?.(...args);
      void queryClient.invalidateQueries({ queryKey: key });
    },
  }, (data) => queryClient.setQueryData(key, data));
}

export const useAskQuestion = (serviceId: string, config?: MutationConfig<Question, { text: string; isAnonymous: boolean }>) =>
  useApiMutation((body: { text: string; isAnonymous: boolean }) => apiJson<Question>("POST", API.services.questions({ id: serviceId }), body), config);

export const useModerateQuestion = (config?: MutationConfig<unknown, { id: string; isApproved: boolean }>) =>
  useApiMutation(({ id, isApproved }: { id: string; isApproved: boolean }) => apiJson("PATCH", API.questions.one({ id }), { isApproved }), config, refreshServices);

export const useSetLive = (config?: MutationConfig<Service, { id: string; isLive: boolean }>) =>
  useApiMutation(({ id, isLive }: { id: string; isLive: boolean }) => apiJson<Service>("PATCH", API.services.one({ id }), { isLive }), config, refreshServices);

export const useCreateService = (config?: MutationConfig<Service, { title: string; date: string }>) =>
  useApiMutation((body: { title: string; date: string }) => apiJson<Service>("POST", API.services.list(), body), config, refreshServices);

export const useCreatePoll = (serviceId: string, config?: MutationConfig<unknown, { question: string; options: string[] }>) =>
  useApiMutation((body: { question: string; options: string[] }) => apiJson("POST", API.services.polls({ id: serviceId }), body), config, refreshServices);

export const useClosePoll = (pollId: string, config?: MutationConfig<unknown>) =>
  useApiMutation(() => apiJson("PATCH", API.polls.one({ id: pollId }), { isOpen: false }), config, refreshServices);
