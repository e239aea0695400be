/** First-time visitor cards (spec section 7): sent by anyone signed in, listed and followed up by staff. */
import { useQuery } from "@tanstack/react-query";
import { API } from "@contract/api-paths";
import type { Visitor, VisitorData } from "@contract/visitors";
import { apiJson } from "@/lib/api";
import { refetchPrefix } from "@/lib/query-client";
import { useApiMutation, type MutationConfig } from "@/lib/mutation";

export const useVisitors = () => useQuery<Visitor[]>({ queryKey: [API.visitors.list()] });

export const useSendVisitorCard = (config?: MutationConfig<{ id: string }, VisitorData>) =>
  useApiMutation((data: VisitorData) => apiJson<{ id: string }>("POST", API.visitors.list(), data), config);

export const useMarkFollowedUp = (visitorId: string, config?: MutationConfig<Visitor, boolean>) =>
  useApiMutation((followedUp: boolean) => apiJson<Visitor>("PATCH", API.visitors.one({ id: visitorId }), { followedUp }), config, () =>
    refetchPrefix(API.visitors.list()),
  );
