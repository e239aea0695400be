/** Small groups' server state (decision 0107): the member's list and own groups, a leader's roster, staff's Admin list. */
import { useQuery } from "@tanstack/react-query";
import { API } from "@contract/api-paths";
import type { AdminGroup, Group, GroupPerson, GroupRoster, NewGroup, GroupChange } from "@contract/groups";
import { apiJson } from "@/lib/api";
import { refetchPrefix } from "@/lib/query-client";
import { useApiMutation, type MutationConfig } from "@/lib/mutation";

/** Every group screen: the lists, the rosters and Admin's list all start with these URLs. */
const refreshAll = () => refetchPrefix(API.groups.list(), API.groups.admin());

export const useGroups = () => useQuery<Group[]>({ queryKey: [API.groups.list()] });
export const useJoinGroup = (groupId: string, config?: MutationConfig<Group>) =>
  useApiMutation(() => apiJson<Group>("POST", API.groups.join({ id: groupId })), config, refreshAll);
export const useLeaveGroup = (groupId: string, config?: MutationConfig<Group>) =>
  useApiMutation(() => apiJson<Group>("POST", API.groups.leave({ id: groupId })), config, refreshAll);

/** A leader's (or staff's) roster and requests, asked for only while open. */
export const useRoster = (groupId: string, enabled: boolean) => useQuery<GroupRoster>({ queryKey: [API.groups.members({ id: groupId })], enabled });
export const useDecideRequest = (groupId: string, config?: MutationConfig<GroupRoster, { userId: string; action: "approve" | "decline" }>) =>
  useApiMutation(
    ({ userId, action }: { userId: string; action: "approve" | "decline" }) => apiJson<GroupRoster>("POST", API.groups.request({ id: groupId, userId, action })),
    config,
    refreshAll,
  );

// Staff
export const useAdminGroups = () => useQuery<AdminGroup[]>({ queryKey: [API.groups.admin()] });
export const usePeopleSearch = (q: string) =>
  useQuery<GroupPerson[]>({ queryKey: [`${API.groups.people()}?q=${encodeURIComponent(q)}`], enabled: q.length >= 2 });
export const useCreateGroup = (config?: MutationConfig<AdminGroup, NewGroup>) =>
  useApiMutation((g: NewGroup) => apiJson<AdminGroup>("POST", API.groups.list(), g), config, refreshAll);
export const useUpdateGroup = (groupId: string, config?: MutationConfig<AdminGroup, GroupChange>) =>
  useApiMutation((g: GroupChange) => apiJson<AdminGroup>("PATCH", API.groups.one({ id: groupId }), g), config, refreshAll);
export const useArchiveGroup = (groupId: string, config?: MutationConfig<AdminGroup>) =>
  useApiMutation(() => apiJson<AdminGroup>("DELETE", API.groups.one({ id: groupId })), config, refreshAll);
