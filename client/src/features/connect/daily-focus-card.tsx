import { BookOpen, Sparkles, Sun } from "lucide-react";
import { DAILY_TEXT } from "@contract/connect";
import { isStaff } from "@contract/roles";
import { errorText } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { useI18n } from "@/lib/i18n";
import { useDailyPreview, useEnroll, useJourneys } from "./api";
import { JourneyDayView } from "./journey-day";

/** The published journeys to choose from (the seeded two, or those staff wrote in Admin → Journeys). */
function EnrolOptions({ heading }: { heading: string }) {
  const { m } = useI18n();
  const { user } = useAuth();
  const journeys = useJourneys();
  const enrol = useEnroll({
    onSuccess: () => toast({ title: DAILY_TEXT.enrolled, description: DAILY_TEXT.enrolledDescription }),
    onError: (err) => toast({ title: DAILY_TEXT.enrollFailed, description: errorText(err) ?? DAILY_TEXT.enrollFailedFallback, variant: "destructive" }),
  });
  if (journeys.isPending) return <Skeleton className="h-28" />;
  if (journeys.isError) return <p className="text-muted-foreground">{m.connect.dailyFailed}</p>;
  if (!journeys.data.length)
    return (
      <p className="text-muted-foreground" data-testid="no-journeys">
        {user && isStaff(user.role) ? m.connect.noJourneysStaff : m.connect.noJourneys}
      </p>
    );
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">{heading}</p>
      {journeys.data.map((j, i) => {
        const Icon = i % 2 ? Sparkles : BookOpen;
        return (
          <Button key={j.key} variant="outline" className="h-auto justify-start whitespace-normal py-3 text-left" disabled={enrol.isPending} onClick={() => enrol.mutate(j.key)}>
            <Icon className="text-primary" aria-hidden="true" />
            <span className="grid min-w-0">
              {/* The name starts with what it does and contains what it shows (WCAG 2.5.3). */}
              <span>
                <span className="sr-only">{m.connect.enrollIn} </span>
                {j.title}
              </span>
              {j.description && <span className="text-sm font-normal text-muted-foreground">{j.description}</span>}
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
            <JourneyDayView preview={p} />
            {p.finished && <EnrolOptions heading={t.startAnother} />}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
