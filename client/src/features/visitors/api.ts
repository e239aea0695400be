/** First-time visitor cards (spec section 7): sent by anyone signed in, listed and followed up by staff. */
import { API } from "@contract/api-paths";
import type { Visitor, VisitorData, VisitorPage } from "@contract/visitors";
import { apiJson } from "@/lib/api";
import { refetchPrefix } from "@/lib/query-client";
import { useApiMutation, type MutationConfig } from "@/lib/mutation";
import { usePagedList } from "@/lib/paged";

/** The cards newest first, a page at a time ("Load more"; issue 23); the first page counts them all. */
export function useVisitors() {
  const paged = usePagedList(API.visitors.list(), (p: VisitorPage) => p.visitors);
  return { ...paged, counts: paged.query.data?.pages[0]?.counts ?? null };
}

export const useSendVisitorCard = (config?: MutationConfig<{ id: string }, VisitorData>) =>
  useApiMutation((data: VisitorData) => apiJson<{ id: string }>("POST", API.visitors.list(), data), config);

export const useMarkFollowedUp = (visitorId: string, config?: MutationConfig<Visitor, boolean>) =>
  useApiMutation((followedUp: boolean) => apiJson<Visitor>("PATCH", API.visitors.one({ id: visitorId }), { followedUp }), config, () =>
    refetchPrefix(API.visitors.list()),
  );
