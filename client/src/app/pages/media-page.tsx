import { BookOpen, MessageSquare, NotebookPen, Video } from "lucide-react";
import { Link, useLocation, useSearch } from "wouter";
import { MEDIA_TABS, type MediaTab } from "@contract/videos";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { VideosTab } from "@/features/videos/videos-tab";
import { NotesTab } from "@/features/notes/notes-tab";
import { BibleTab } from "@/features/videos/bible-tab";
import { CommentsTab } from "@/features/comments/comments-tab";
import { useI18n } from "@/lib/i18n";

const TAB_ICON: Record<MediaTab, typeof Video> = { videos: Video, notes: NotebookPen, bible: BookOpen, comments: MessageSquare };

/**
 * Media (spec section 2): with ?tab= a tab bar (Videos, Notes, Bible, Comments; unknown values
 * fall back to Videos); without it, a compact layout with shortcuts and the video library.
 */
export default function MediaPage() {
  const { m } = useI18n();
  const label = m.media.tabs;
  const search = useSearch();
  const [, navigate] = useLocation();
  const param = new URLSearchParams(search).get("tab");

  if (param === null) {
    return (
      <div className="grid gap-5">
        <h1 className="text-2xl font-bold">{m.media.title}</h1>
        <nav aria-label={m.media.sections} className="grid grid-cols-3 gap-3">
          {(["notes", "bible", "comments"] as const).map((tab) => {
            const Icon = TAB_ICON[tab];
            return (
              <Link
                key={tab}
                href={`/media?tab=${tab}`}
                className="flex min-h-20 min-w-0 flex-col items-center justify-center gap-1.5 rounded-lg border border-border bg-card px-1 py-3 text-center text-sm font-semibold text-card-foreground shadow-sm hover:bg-muted"
              >
                <Icon className="size-6 text-primary" aria-hidden="true" /> {label[tab]}
              </Link>
            );
          })}
        </nav>
        <h2 className="text-xl font-bold">{m.media.recentVideos}</h2>
        <VideosTab />
      </div>
    );
  }

  const tab: MediaTab = (MEDIA_TABS as readonly string[]).includes(param) ? (param as MediaTab) : "videos";
  return (
    <div className="grid gap-4">
      <h1 className="text-2xl font-bold">{m.media.title}</h1>
      {/* Each panel has a (visually hidden) h2, so the cards' h3 headings follow in order. Each tab is
          as wide as its label needs (flex-auto), so a longer word ("Comentarios") fits beside the short ones. */}
      <Tabs value={tab} onValueChange={(v) => navigate(`/media?tab=${v}`, { replace: true })}>
        <TabsList>
          {MEDIA_TABS.map((t) => (
            <TabsTrigger key={t} value={t} className="flex-auto px-2">
              {label[t]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="videos">
          <h2 className="sr-only">{label.videos}</h2>
          <VideosTab />
        </TabsContent>
        <TabsContent value="notes">
          <h2 className="sr-only">{label.notes}</h2>
          <NotesTab />
        </TabsContent>
        <TabsContent value="bible">
          <h2 className="sr-only">{label.bible}</h2>
          <BibleTab />
        </TabsContent>
        <TabsContent value="comments">
          <h2 className="sr-only">{label.comments}</h2>
          <CommentsTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
