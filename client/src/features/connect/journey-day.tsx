import type { DailyPreview } from "@contract/connect";
import { Progress } from "@/components/ui/progress";
import { useI18n } from "@/lib/i18n";

/**
 * A day of a journey as a member sees it on Connect: "Day n of N", the journey's name, the
 * progress bar, the title, the verse and the reading. Admin → Journeys' preview shows the same.
 */
export function JourneyDayView({ preview: p }: { preview: DailyPreview }) {
  const { m } = useI18n();
  const t = m.connect;
  return (
    <div className="grid gap-4">
      <div className="grid gap-2">
        <div className="flex items-baseline justify-between gap-2">
          <p className="font-semibold">{t.dayOf(p.currentDay, p.totalDays)}</p>
          <p className="min-w-0 truncate text-sm text-muted-foreground">{p.journeyTitle ?? t.journeyFallback}</p>
        </div>
        <Progress value={p.totalDays ? (p.currentDay / p.totalDays) * 100 : 0} aria-label={t.dayOf(p.currentDay, p.totalDays)} />
      </div>
      {p.content && (
        <article className="grid gap-2">
          <h3 className="text-lg font-semibold">{p.content.title}</h3>
          {p.content.verse && <blockquote className="border-l-4 border-primary pl-3 italic text-muted-foreground">{p.content.verse}</blockquote>}
          {p.content.content.split(/\n{2,}/).map((para, i) => (
            <p key={i} className="whitespace-pre-line leading-relaxed">
              {para}
            </p>
          ))}
        </article>
      )}
    </div>
  );
}
