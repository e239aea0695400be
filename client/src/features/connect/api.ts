/** Connect's server state (spec section 7): the daily journey, challenges and Recent sermons (small groups: features/groups). */
import { useQuery } from "@tanstack/react-query";
import { API } from "@contract/api-paths";
import type {
  AdminChallenge,
  AdminJourney,
  AdminJourneyDetail,
  Challenge,
  ChallengePatch,
  DailyPreview,
  JourneyDayDraft,
  JourneyOption,
  JourneyPatch,
  MediaItem,
  NewChallenge,
  NewJourney,
  UserChallenge,
} from "@contract/connect";
import { apiJson } from "@/lib/api";
import { queryClient } from "@/lib/query-client";
import { useApiMutation, type MutationConfig } from "@/lib/mutation";

const refetch = (...urls: string[]) => Promise.all(urls.map((url) => queryClient.invalidateQueries({ queryKey: [url] })));

export const useDailyPreview = () => useQuery<DailyPreview>({ queryKey: [API.connect.dailyPreview()] });
export const useJourneys = () => useQuery<JourneyOption[]>({ queryKey: [API.connect.journeys()] });
export const useEnroll = (config?: MutationConfig<unknown, string>) =>
  useApiMutation((sequenceKey: string) => apiJson("POST", API.connect.dailyEnroll(), { sequenceKey }), config, () => refetch(API.connect.dailyPreview()));

// ---------- Admin → Journeys (staff) ----------
/** What a change to a journey makes stale: staff's list and detail, and members' choices and today's day. */
const journeysChanged = (id?: string) =>
  refetch(API.admin.journeys(), ...(id ? [API.admin.journey({ id })] : []), API.connect.journeys(), API.connect.dailyPreview());
export const useAdminJourneys = () => useQuery<AdminJourney[]>({ queryKey: [API.admin.journeys()] });
export const useAdminJourney = (id: string) => useQuery<AdminJourneyDetail>({ queryKey: [API.admin.journey({ id })] });
export const useJourneyPreview = (id: string, day: number, locale: string, enabled: boolean) =>
  useQuery<DailyPreview>({ queryKey: [`${API.admin.journeyPreview({ id })}?day=${day}&locale=${locale}`], enabled });
export const useCreateJourney = (config?: MutationConfig<AdminJourney, NewJourney>) =>
  useApiMutation((body: NewJourney) => apiJson<AdminJourney>("POST", API.admin.journeys(), body), config, () => journeysChanged());
export const useUpdateJourney = (id: string, config?: MutationConfig<AdminJourney, JourneyPatch>) =>
  useApiMutation((patch: JourneyPatch) => apiJson<AdminJourney>("PATCH", API.admin.journey({ id }), patch), config, () => journeysChanged(id));
export const useSaveJourneyDays = (id: string, config?: MutationConfig<AdminJourneyDetail, JourneyDayDraft[]>) =>
  useApiMutation(
    (days: JourneyDayDraft[]) => apiJson<AdminJourneyDetail>("PUT", API.admin.journeyDays({ id }), { days }),
    config,
    () => Promise.all([journeysChanged(id), queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(API.admin.journeyPreview({ id })) })]),
  );

// ---------- Admin → Challenges (staff) ----------
const challengesChanged = () => refetch(API.admin.challenges(), API.connect.challenges(), API.connect.myChallenges());
export const useAdminChallenges = () => useQuery<AdminChallenge[]>({ queryKey: [API.admin.challenges()] });
export const useCreateChallenge = (config?: MutationConfig<AdminChallenge, NewChallenge>) =>
  useApiMutation((body: NewChallenge) => apiJson<AdminChallenge>("POST", API.connect.challenges(), body), config, challengesChanged);
export const useUpdateChallenge = (id: string, config?: MutationConfig<AdminChallenge, ChallengePatch>) =>
  useApiMutation((patch: ChallengePatch) => apiJson<AdminChallenge>("PATCH", API.connect.challenge({ id }), patch), config, challengesChanged);
export const useArchiveChallenge = (id: string, config?: MutationConfig<AdminChallenge>) =>
  useApiMutation(() => apiJson<AdminChallenge>("DELETE", API.connect.challenge({ id })), config, challengesChanged);

export const useChallenges = () => useQuery<Challenge[]>({ queryKey: [API.connect.challenges()] });
export const useMyChallenges = () => useQuery<UserChallenge[]>({ queryKey: [API.connect.myChallenges()] });
export const useJoinChallenge = (challengeId: string, config?: MutationConfig<UserChallenge>) =>
  useApiMutation(() => apiJson<UserChallenge>("POST", API.connect.joinChallenge({ id: challengeId })), config, () => refetch(API.connect.myChallenges()));
export const useChallengeProgress = (challengeId: string, config?: MutationConfig<UserChallenge>) =>
  useApiMutation(() => apiJson<UserChallenge>("POST", API.connect.challengeProgress({ id: challengeId })), config, () => refetch(API.connect.myChallenges()));

/** Recent sermons: asked for only when signed in. */
export const useRecentMedia = (enabled: boolean) => useQuery<MediaItem[]>({ queryKey: [API.connect.media()], enabled });
