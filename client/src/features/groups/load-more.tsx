import { Button } from "@/components/ui/button";
import { useI18n } from "@/lib/i18n";

/** The "Load more" under a list that comes a page at a time (decision 0125); nothing on the last page. */
export function LoadMore({
  pages,
  label,
  className,
}: {
  pages: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  label: string;
  className?: string;
}) {
  const t = useI18n().m.groups;
  if (!pages.hasNextPage) return null;
  return (
    <Button variant="outline" className={className} onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
      {pages.isFetchingNextPage ? t.loadingMore : label}
    </Button>
  );
}
