import { BookOpen, ExternalLink } from "lucide-react";
import { BIBLE_LINKS } from "@contract/videos";
import { useI18n } from "@/lib/i18n";

export function BibleTab() {
  const { m } = useI18n();
  return (
    <section aria-label={m.media.tabs.bible} className="grid gap-3">
      <p className="text-muted-foreground">{m.media.bible.intro}</p>
      <ul className="grid gap-3">
        {BIBLE_LINKS.map((b) => (
          <li key={b.url}>
            <a
              href={b.url}
              target="_blank"
              rel="noopener noreferrer"
              className="flex min-h-16 items-center gap-4 rounded-lg border border-border bg-card p-4 text-card-foreground shadow-sm hover:bg-muted"
            >
              <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
                <BookOpen className="size-5" aria-hidden="true" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-semibold">{b.name}</span>
                <span className="block text-sm text-muted-foreground">{m.media.bible[b.key]}</span>
              </span>
              <ExternalLink className="size-4 text-muted-foreground" aria-hidden="true" />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
