/**
 * The church directory's server state (issue 20, decision 0118): the member's own switches and
 * the name search in keyset pages.
 */
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { API } from "@contract/api-paths";
import type { DirectoryPage, DirectorySettings } from "@contract/directory";
import { apiJson } from "@/lib/api";
import { queryClient } from "@/lib/query-client";
import { useApiMutation, type MutationConfig } from "@/lib/mutation";

const MINE_KEY = [API.directory.mine()];

export const useDirectorySettings = () => useQuery<DirectorySettings>({ queryKey: MINE_KEY });

/** One switch at a time; the answer replaces the cached settings, and the search shows the change. */
export const useSetDirectorySettings = (config?: MutationConfig<DirectorySettings, Partial<DirectorySettings>>) =>
  useApiMutation((patch: Partial<DirectorySettings>) => apiJson<DirectorySettings>("PUT", API.directory.mine(), patch), config, (data) => {
    queryClient.setQueryData(MINE_KEY, data);
    void queryClient.invalidateQueries({ queryKey: [API.directory.search()] });
  });

export function useDirectorySearch(q: string) {
  return useInfiniteQuery({
    queryKey: [API.directory.search(), q],
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ q });
      if (pageParam) params.set("cursor", pageParam);
      return apiJson<DirectoryPage>("GET", `${API.directory.search()}?${params.toString()}`);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
