/**
 * Notifications' server state (spec section 7): the inbox in pages (a read updates the cached
 * pages with the count the server answered, no refetch) and the member's push preferences.
 */
import { useInfiniteQuery, useQuery, type InfiniteData } from "@tanstack/react-query";
import { API } from "@contract/api-paths";
import type { InboxPage, Notification, NotificationKind, NotificationPreferences } from "@contract/notifications";
import { apiJson } from "@/lib/api";
import { queryClient } from "@/lib/query-client";
import { useApiMutation, type MutationConfig } from "@/lib/mutation";

const INBOX_KEY = [API.notifications.list()];
const PREFS_KEY = [API.notifications.preferences()];

type Inbox = InfiniteData<InboxPage, string | null>;

export function useInbox() {
  return useInfiniteQuery({
    queryKey: INBOX_KEY,
    queryFn: ({ pageParam }) => apiJson<InboxPage>("GET", pageParam ? `${API.notifications.list()}?before=${pageParam}` : API.notifications.list()),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** Applies a read to the cached pages (no refetch needed: the server answered the new count). */
function applyRead(ids: string[] | "all", unreadCount: number, readAt: string) {
  queryClient.setQueryData<Inbox>(INBOX_KEY, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((p) => ({
            ...p,
            unreadCount,
            items: p.items.map((n) => (n.readAt === null && (ids === "all" || ids.includes(n.id)) ? { ...n, readAt } : n)),
          })),
        }
      : data,
  );
}

const markRead = (id: string) => apiJson<{ unreadCount: number; notification: Notification }>("POST", API.notifications.read({ id }));

export const useMarkRead = () =>
  useApiMutation(markRead, {}, (res) => applyRead([res.notification.id], res.unreadCount, res.notification.readAt ?? new Date().toISOString()));

export const useMarkAllRead = () =>
  useApiMutation(() => apiJson<{ unreadCount: number }>("POST", API.notifications.readAll()), {}, (res) => applyRead("all", res.unreadCount, new Date().toISOString()));

/** A push notification tapped while the app is open: marked read, then the inbox refetches (a failure is ignored). */
export const markReadFromPush = (id: string) =>
  markRead(id).then(
    () => queryClient.invalidateQueries({ queryKey: INBOX_KEY }),
    () => undefined,
  );

export const usePreferences = () => useQuery<NotificationPreferences>({ queryKey: PREFS_KEY });
export const refreshPreferences = () => queryClient.invalidateQueries({ queryKey: PREFS_KEY });

/** One kind on or off; the answer replaces the cached preferences. */
export const useSetPreference = (config?: MutationConfig<NotificationPreferences, { kind: NotificationKind; on: boolean }>) =>
  useApiMutation(
    (change: { kind: NotificationKind; on: boolean }) =>
      apiJson<NotificationPreferences>("PUT", API.notifications.preferences(), { kinds: { [change.kind]: change.on } }),
    config,
    (data) => queryClient.setQueryData(PREFS_KEY, data),
  );

/** The Profile's "Email updates" switch (church news by email); the answer replaces the cached preferences. */
export const useSetEmailUpdates = (config?: MutationConfig<NotificationPreferences, boolean>) =>
  useApiMutation((on: boolean) => apiJson<NotificationPreferences>("PUT", API.notifications.preferences(), { emailUpdates: on }), config, (data) =>
    queryClient.setQueryData(PREFS_KEY, data),
  );
