/** Small groups' server state (decision 0107): the member's list and own groups, a leader's roster, staff's Admin list. */
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { API } from "@contract/api-paths";
import type { AdminGroup, AdminGroupPage, Group, GroupPage, GroupPerson, GroupRoster, NewGroup, GroupChange } from "@contract/groups";
import { apiJson } from "@/lib/api";
import { refetchPrefix } from "@/lib/query-client";
import { useApiMutation, type MutationConfig } from "@/lib/mutation";

/** Every group screen: the lists, the rosters and Admin's list all start with these URLs. */
const refreshAll = () => refetchPrefix(API.groups.list(), API.groups.admin());

/** `path` with the page's cursor (keyset pages, decision 0125). */
const paged = (path: string, cursor: string | null) => (cursor ? `${path}?cursor=${encodeURIComponent(cursor)}` : path);

/** The church's groups, a page at a time (Load more). A change refetches every page shown. */
export const useGroups = () =>
  useInfiniteQuery({
    queryKey: [API.groups.list(), "pages"],
    queryFn: ({ pageParam }) => apiJson<GroupPage>("GET", paged(API.groups.list(), pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
export const useJoinGroup = (groupId: string, config?: MutationConfig<Group>) =>
  useApiMutation(() => apiJson<Group>("POST", API.groups.join({ id: groupId })), config, refreshAll);
export const useLeaveGroup = (groupId: string, config?: MutationConfig<Group>) =>
  useApiMutation(() => apiJson<Group>("POST", API.groups.leave({ id: groupId })), config, refreshAll);

/** A leader's (or staff's) roster, a page of members at a time, and the requests (first page), asked for only while open. */
export const useRoster = (groupId: string, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: [API.groups.members({ id: groupId }), "pages"],
    queryFn: ({ pageParam }) => apiJson<GroupRoster>("GET", paged(API.groups.members({ id: groupId }), pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
export const useDecideRequest = (groupId: string, config?: MutationConfig<GroupRoster, { userId: string; action: "approve" | "decline" }>) =>
  useApiMutation(
    ({ userId, action }: { userId: string; action: "approve" | "decline" }) => apiJson<GroupRoster>("POST", API.groups.request({ id: groupId, userId, action })),
    config,
    refreshAll,
  );

// Staff
export const useAdminGroups = () =>
  useInfiniteQuery({
    queryKey: [API.groups.admin(), "pages"],
    queryFn: ({ pageParam }) => apiJson<AdminGroupPage>("GET", paged(API.groups.admin(), pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
export const usePeopleSearch = (q: string) =>
  useQuery<GroupPerson[]>({ queryKey: [`${API.groups.people()}?q=${encodeURIComponent(q)}`], enabled: q.length >= 2 });
export const useCreateGroup = (config?: MutationConfig<AdminGroup, NewGroup>) =>
  useApiMutation((g: NewGroup) => apiJson<AdminGroup>("POST", API.groups.list(), g), config, refreshAll);
export const useUpdateGroup = (groupId: string, config?: MutationConfig<AdminGroup, GroupChange>) =>
  useApiMutation((g: GroupChange) => apiJson<AdminGroup>("PATCH", API.groups.one({ id: groupId }), g), config, refreshAll);
export const useArchiveGroup = (groupId: string, config?: MutationConfig<AdminGroup>) =>
  useApiMutation(() => apiJson<AdminGroup>("DELETE", API.groups.one({ id: groupId })), config, refreshAll);
