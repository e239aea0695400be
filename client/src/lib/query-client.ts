import { QueryClient } from "@tanstack/react-query";
import { getQueryFn } from "./api";

/**
 * Spec defaults: no refetch interval, no refetch on focus, never stale, no retries.
 * Offline (issue 9): a read waits for the connection and runs when it returns (TanStack's
 * "online" network mode), keeping what it showed; a write is tried at once and fails, so the
 * member is told there is no connection instead of watching a spinner ("always").
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: "throw" }),
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Infinity,
      retry: false,
    },
    mutations: { retry: false, networkMode: "always" },
  },
});

/**
 * Refetches every query whose URL (the key's first segment) starts with one of `prefixes`: what
 * a change touched, as the live events do (contract/events.ts, queriesToRefetch).
 */
export function refetchPrefix(...prefixes: string[]) {
  if (!prefixes.length) return Promise.resolve();
  return queryClient.invalidateQueries({
    predicate: (q) => typeof q.queryKey[0] === "string" && prefixes.some((p) => (q.queryKey[0] as string).startsWith(p)),
  });
}
