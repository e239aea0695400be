/** Connect's server state (spec section 7): the daily journey, challenges, small groups and Recent sermons. */
import { useQuery } from "@tanstack/react-query";
import { API } from "@contract/api-paths";
import type { Challenge, DailyPreview, Group, MediaItem, SequenceKey, UserChallenge } from "@contract/connect";
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

export const useGroups = () => useQuery<Group[]>({ queryKey: [API.connect.groups()] });
export const useMyGroups = () => useQuery<Group[]>({ queryKey: [API.connect.myGroups()] });
export const useJoinGroup = (groupId: string, config?: MutationConfig<Group>) =>
  useApiMutation(() => apiJson<Group>("POST", API.connect.joinGroup({ id: groupId })), config, () => refetch(API.connect.groups(), API.connect.myGroups()));

/** Recent sermons: asked for only when signed in. */
export const useRecentMedia = (enabled: boolean) => useQuery<MediaItem[]>({ queryKey: [API.connect.media()], enabled });
