import { BookOpen, Sparkles, Sun } from "lucide-react";
import { DAILY_TEXT, SEQUENCE_KEYS, type SequenceKey } from "@contract/connect";
import { errorText } from "@/lib/api";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { useI18n } from "@/lib/i18n";
import { useDailyPreview, useEnroll } from "./api";

const ICONS: Record<SequenceKey, typeof BookOpen> = { SCRIPTURES_14: BookOpen, AFFIRMATIONS_14: Sparkles };

function EnrolOptions({ heading }: { heading: string }) {
  const { m } = useI18n();
  const enrol = useEnroll({
    onSuccess: () => toast({ title: DAILY_TEXT.enrolled, description: DAILY_TEXT.enrolledDescription }),
    onError: (err) => toast({ title: DAILY_TEXT.enrollFailed, description: errorText(err) ?? DAILY_TEXT.enrollFailedFallback, variant: "destructive" }),
  });
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">{heading}</p>
      {SEQUENCE_KEYS.map((key) => {
        const Icon = ICONS[key];
        return (
          <Button
            key={key}
            variant="outline"
            className="h-auto justify-start py-3 text-left"
            disabled={enrol.isPending}
            onClick={() => enrol.mutate(key)}
          >
            <Icon className="text-primary" aria-hidden="true" />
            <span className="grid">
              {/* The name starts with what it does and contains what it shows (WCAG 2.5.3). */}
              <span>
                <span className="sr-only">{m.connect.enrollIn} </span>
                {m.journey[key].title}
              </span>
              <span className="text-sm font-normal text-muted-foreground">{m.journey[key].description}</span>
            </span>
          </Button>
        );
      })}
    </div>
  );
}

/** Daily focus (spec section 2): enrol options, or today's day of the journey with a progress bar. */
export function DailyFocusCard() {
  const { m } = useI18n();
  const t = m.connect;
  const preview = useDailyPreview();
  const p = preview.data;
  return (
    <Card className="overflow-hidden" data-testid="daily-focus">
      <CardHeader className="bg-gradient-to-br from-primary/15 to-transparent">
        <CardTitle className="flex items-center gap-2">
          <Sun className="size-5 text-primary" aria-hidden="true" /> {t.dailyFocus}
        </CardTitle>
        <CardDescription>{t.dailyHint}</CardDescription>
      </CardHeader>
      <CardContent className="pt-4">
        {preview.isPending ? (
          <Skeleton className="h-28" />
        ) : preview.isError ? (
          <p className="text-muted-foreground">{t.dailyFailed}</p>
        ) : !p?.enrolled ? (
          <EnrolOptions heading={t.chooseJourney} />
        ) : (
          <div className="grid gap-4">
            <div className="grid gap-2">
              <div className="flex items-baseline justify-between gap-2">
                <p className="font-semibold">
                  {t.dayOf(p.currentDay, p.totalDays)}
                </p>
                <p className="text-sm text-muted-foreground">{p.sequenceKey ? m.journey[p.sequenceKey].title : ""}</p>
              </div>
              <Progress value={(p.currentDay / p.totalDays) * 100} aria-label={t.dayOf(p.currentDay, p.totalDays)} />
            </div>
            {p.content && (
              <article className="grid gap-2">
                <h3 className="text-lg font-semibold">{p.content.title}</h3>
                {p.content.verse && <blockquote className="border-l-4 border-primary pl-3 italic text-muted-foreground">{p.content.verse}</blockquote>}
                {p.content.content.split(/\n{2,}/).map((para, i) => (
                  <p key={i} className="leading-relaxed">
                    {para}
                  </p>
                ))}
              </article>
            )}
            {p.finished && <EnrolOptions heading={t.startAnother} />}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
