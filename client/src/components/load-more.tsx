import { Button } from "@/components/ui/button";
import { useI18n } from "@/lib/i18n";

/**
 * The "Load more" under a list paged by keyset (lib/paged.ts, decisions 0125 and 0126): shown
 * while a page follows, disabled while it loads; nothing on the last page. `label` names what
 * comes ("Load more groups"), "Load more" when the list says nothing more.
 */
export function LoadMore({
  query,
  label,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  label?: string;
}) {
  const { m } = useI18n();
  if (!query.hasNextPage) return null;
  return (
    <Button variant="outline" className="w-full" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
      {query.isFetchingNextPage ? m.common.loadingMore : (label ?? m.common.loadMore)}
    </Button>
  );
}
