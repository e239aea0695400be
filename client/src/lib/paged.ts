/**
 * A list the server pages by keyset (server/http/keyset.ts; issue 23, decision 0126): each answer
 * carries `nextCursor`, sent back as `cursor` for the next page. The query key is the list's URL,
 * so invalidating that URL (after a change, or a live event's refetch list) refetches the pages
 * already shown, in order, from the first. `items` flattens them; `<LoadMore>`
 * (components/load-more.tsx) asks for the next.
 */
import { useInfiniteQuery } from "@tanstack/react-query";
import { apiJson } from "./api";

export interface KeysetPage {
  nextCursor: string | null;
}

/** `url` with the page's cursor added (after any query it has). */
export const pageUrl = (url: string, cursor: string | null) => (cursor ? `${url}${url.includes("?") ? "&" : "?"}cursor=${encodeURIComponent(cursor)}` : url);

export function usePagedList<P extends KeysetPage, T>(url: string, itemsOf: (page: P) => T[]) {
  const query = useInfiniteQuery({
    queryKey: [url],
    queryFn: ({ pageParam }) => apiJson<P>("GET", pageUrl(url, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  return { query, items: query.data ? query.data.pages.flatMap(itemsOf) : undefined };
}
