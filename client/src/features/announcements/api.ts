/** Announcements' server state (Admin → Announcements, decision 0110): the list, compose, cancel, and the groups to write to. */
import { useEffect } from "react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { API } from "@contract/api-paths";
import type { Announcement, AnnouncementInput, AnnouncementList } from "@contract/announcements";
import type { Group, GroupPage } from "@contract/groups";
import { GROUPS_PAGE_MAX } from "@contract/groups-text";
import { apiJson } from "@/lib/api";
import { refetchPrefix } from "@/lib/query-client";
import { useApiMutation, type MutationConfig } from "@/lib/mutation";
import { usePagedList } from "@/lib/paged";

const refresh = () => refetchPrefix(API.announcements.list());

/**
 * What was sent, a keyset page at a time ("Load more"; issue 23), and what is scheduled (on the
 * first page). Keyed by the list's URL, so the refresh after a change refetches the pages shown.
 */
export function useAnnouncements() {
  const paged = usePagedList(API.announcements.list(), (p: AnnouncementList) => p.sent);
  const first = paged.query.data?.pages[0];
  return { query: paged.query, data: first && paged.items ? { scheduled: first.scheduled ?? [], sent: paged.items } : undefined };
}
/**
 * The church's groups (the audience picker); read by path, not through the connect feature. The
 * list comes in keyset pages (decision 0125): the picker reads them all, the largest pages at a
 * time, one after the other, since a select needs every choice.
 */
export function useAudienceGroups(): { data: Group[] | undefined } {
  const pages = useInfiniteQuery({
    queryKey: [API.groups.list(), "audience"],
    queryFn: ({ pageParam }) =>
      apiJson<GroupPage>("GET", `${API.groups.list()}?limit=${GROUPS_PAGE_MAX}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ""}`),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  return { data: pages.data && !hasNextPage ? pages.data.pages.flatMap((p) => p.groups) : undefined };
}

export const useComposeAnnouncement = (config?: MutationConfig<Announcement, AnnouncementInput>) =>
  useApiMutation((input: AnnouncementInput) => apiJson<Announcement>("POST", API.announcements.list(), input), config, refresh);

export const useCancelAnnouncement = (config?: MutationConfig<Announcement, string>) =>
  useApiMutation((id: string) => apiJson<Announcement>("POST", API.announcements.cancel({ id })), config, refresh);

/** The issues of a 400 answer ("400: {json}"), by field (without the "body." prefix). */
export function fieldIssues(err: unknown): Record<string, string> {
  const m = err instanceof Error ? /^400: ([\s\S]*)$/.exec(err.message) : null;
  if (!m) return {};
  try {
    const body = JSON.parse(m[1]) as { issues?: { path: string; message: string }[] };
    return Object.fromEntries((body.issues ?? []).map((i) => [i.path.replace(/^body\./, "").split(".")[0], i.message]));
  } catch {
    return {};
  }
}
