import { Button } from "@/components/ui/button";
import { useI18n } from "@/lib/i18n";

/** The "Load more" under a list paged by keyset (lib/paged.ts): shown while a page follows, disabled while it loads. */
export function LoadMore({ query }: { query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown } }) {
  const { m } = useI18n();
  if (!query.hasNextPage) return null;
  return (
    <Button variant="outline" className="w-full" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
      {query.isFetchingNextPage ? m.common.loadingMore : m.common.loadMore}
    </Button>
  );
}
