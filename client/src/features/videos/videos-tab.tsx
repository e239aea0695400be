import { ExternalLink, PlayCircle, MonitorPlay } from "lucide-react";
import { VIDEO_SKELETONS, type Video } from "@contract/videos";
import { isStaff } from "@contract/roles";
import { useAuth, useChurch } from "@/lib/auth";
import { formatDuration, formatRelativeDate, formatViews } from "@/lib/format";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useI18n } from "@/lib/i18n";
import { useVideos } from "./api";

export const VIDEO_PLACEHOLDER = "/video-placeholder.svg";

function VideoCard({ video }: { video: Video }) {
  const duration = formatDuration(video.duration);
  return (
    <li>
      <a
        href={video.url}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="video-card"
        className="group block overflow-hidden rounded-lg border border-border bg-card text-card-foreground shadow-sm"
      >
        <div className="relative aspect-video bg-muted">
          <img
            src={video.thumbnailUrl ?? VIDEO_PLACEHOLDER}
            alt=""
            loading="lazy"
            className="size-full object-cover"
            onError={(e) => {
              if (!e.currentTarget.src.endsWith(VIDEO_PLACEHOLDER)) e.currentTarget.src = VIDEO_PLACEHOLDER;
            }}
          />
          <PlayCircle className="absolute inset-0 m-auto size-12 text-white opacity-0 drop-shadow transition-opacity group-hover:opacity-90" aria-hidden="true" />
          {duration && <span className="absolute bottom-2 right-2 rounded bg-black/80 px-1.5 py-0.5 text-xs font-semibold text-white">{duration}</span>}
        </div>
        <div className="grid gap-1 p-4">
          <h3 className="font-semibold leading-snug">{video.title}</h3>
          <p className="text-sm text-muted-foreground">
            {formatRelativeDate(video.publishedAt)}
            {video.viewCount != null && ` · ${formatViews(video.viewCount)}`}
          </p>
          {video.description && <p className="line-clamp-2 text-sm text-muted-foreground">{video.description}</p>}
        </div>
      </a>
    </li>
  );
}

export function VideosTab() {
  const { m } = useI18n();
  const church = useChurch();
  const videos = useVideos();
  const { user } = useAuth();
  return (
    <section aria-label={m.media.tabs.videos} className="grid gap-4">
      {videos.isPending ? (
        <ul className="grid gap-4" aria-busy="true">
          {Array.from({ length: VIDEO_SKELETONS }, (_, i) => (
            <li key={i} data-testid="video-skeleton" className="overflow-hidden rounded-lg border border-border bg-card">
              <Skeleton className="aspect-video rounded-none" />
              <div className="grid gap-2 p-4">
                <Skeleton className="h-5 w-3/4" />
                <Skeleton className="h-4 w-1/2" />
              </div>
            </li>
          ))}
        </ul>
      ) : videos.isError ? (
        <p role="alert" className="rounded-lg border border-border bg-card p-6 text-center text-muted-foreground">
          {m.media.videos.failed}
        </p>
      ) : videos.data.length === 0 ? (
        <p className="rounded-lg border border-border bg-card p-6 text-center text-muted-foreground">{isStaff(user?.role) ? m.media.videos.emptyStaff : m.media.videos.empty}</p>
      ) : (
        <ul className="grid gap-4">
          {videos.data.map((v) => (
            <VideoCard key={v.id} video={v} />
          ))}
        </ul>
      )}
      <Button asChild variant="outline" size="lg">
        <a href={church.links.videoChannel} target="_blank" rel="noopener noreferrer">
          <MonitorPlay aria-hidden="true" /> {m.media.videos.channel} <ExternalLink className="!size-4" aria-hidden="true" />
        </a>
      </Button>
    </section>
  );
}
