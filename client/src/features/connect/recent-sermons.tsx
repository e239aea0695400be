import { Link } from "wouter";
import { ChevronRight, PlayCircle, Video } from "lucide-react";
import { MEDIA_WIDGET_COUNT, formatSermonDuration } from "@contract/connect";
import { isStaff } from "@contract/roles";
import { useAuth } from "@/lib/auth";
import { shortDate } from "@/lib/format";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { QueryState, Skeletons } from "@/components/query-state";
import { useI18n } from "@/lib/i18n";
import { useRecentMedia } from "./api";

/** Recent sermons widget (spec section 2): up to 3 items; every link goes to /media. Runs only when signed in. */
export function RecentSermons() {
  const t = useI18n().m.connect;
  const { user } = useAuth();
  const media = useRecentMedia(!!user);
  const items = (media.data ?? []).slice(0, MEDIA_WIDGET_COUNT);
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle className="flex items-center gap-2">
          <Video className="size-5 text-primary" aria-hidden="true" /> {t.recentSermons}
        </CardTitle>
        <Button asChild variant="ghost" size="sm" className="shrink-0 whitespace-nowrap">
          <Link href="/media">{t.viewAll}</Link>
        </Button>
      </CardHeader>
      <CardContent>
        <QueryState query={media} data={items} loading={<Skeletons count={MEDIA_WIDGET_COUNT} className="h-20" />} error={t.sermonsFailed} empty={isStaff(user?.role) ? t.media.emptyStaff : t.media.empty} look="inset">
          {(items) => (
            <ul className="grid gap-3">
              {items.map((item) => (
                <li key={item.id}>
                  <Link href="/media" className="flex items-center gap-3 rounded-md p-1 transition-colors hover:bg-muted">
                    <span className="relative flex h-16 w-28 shrink-0 items-center justify-center overflow-hidden rounded-md bg-gradient-to-br from-primary/80 to-amber-900 text-white">
                      {item.thumbnailUrl ? (
                        <img src={item.thumbnailUrl} alt="" className="size-full object-cover" loading="lazy" />
                      ) : (
                        <PlayCircle className="size-7 opacity-90" aria-hidden="true" />
                      )}
                      {item.duration != null && (
                        <span className="absolute bottom-1 right-1 rounded bg-black/75 px-1.5 py-0.5 text-xs font-semibold text-white">
                          {formatSermonDuration(item.duration)}
                        </span>
                      )}
                    </span>
                    <span className="grid min-w-0 flex-1">
                      <span className="truncate font-semibold">{item.title}</span>
                      <span className="text-sm text-muted-foreground">{shortDate(new Date(item.createdAt))}</span>
                      <span className="truncate text-sm text-muted-foreground">{item.description}</span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
        <Button asChild variant="outline" className="mt-4 w-full">
          <Link href="/media">
            {t.browseAll} <ChevronRight aria-hidden="true" />
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
