/** Connect's server state (spec section 7): the daily journey, challenges and Recent sermons (small groups: features/groups). */
import { useQuery } from "@tanstack/react-query";
import { API } from "@contract/api-paths";
import type { Challenge, DailyPreview, MediaItem, SequenceKey, UserChallenge } from "@contract/connect";
import { apiJson } from "@/lib/api";
import { queryClient } from "@/lib/query-client";
import { useApiMutation, type MutationConfig } from "@/lib/mutation";

const refetch = (...urls: string[]) => Promise.all(urls.map((url) => queryClient.invalidateQueries({ queryKey: [url] })));

export const useDailyPreview = () => useQuery<DailyPreview>({ queryKey: [API.connect.dailyPreview()] });
export const useEnroll = (config?: MutationConfig<unknown, SequenceKey>) =>
  useApiMutation((sequenceKey: SequenceKey) => apiJson("POST", API.connect.dailyEnroll(), { sequenceKey }), config, () => refetch(API.connect.dailyPreview()));

export const useChallenges = () => useQuery<Challenge[]>({ queryKey: [API.connect.challenges()] });
export const useMyChallenges = () => useQuery<UserChallenge[]>({ queryKey: [API.connect.myChallenges()] });
export const useJoinChallenge = (challengeId: string, config?: MutationConfig<UserChallenge>) =>
  useApiMutation(() => apiJson<UserChallenge>("POST", API.connect.joinChallenge({ id: challengeId })), config, () => refetch(API.connect.myChallenges()));
export const useChallengeProgress = (challengeId: string, config?: MutationConfig<UserChallenge>) =>
  useApiMutation(() => apiJson<UserChallenge>("POST", API.connect.challengeProgress({ id: challengeId })), config, () => refetch(API.connect.myChallenges()));

/** Recent sermons: asked for only when signed in. */
export const useRecentMedia = (enabled: boolean) => useQuery<MediaItem[]>({ queryKey: [API.connect.media()], enabled });
