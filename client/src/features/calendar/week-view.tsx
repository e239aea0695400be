/**
 * /week: the church's week on one screen (spec route table): this week's events (Sunday to
 * Saturday on the church's clock), the service times, the member's groups (and when they meet)
 * and today's day of their daily journey, each with a way on when it is empty.
 */
import { Link } from "wouter";
import { BookOpen, CalendarDays, Church as ChurchIcon, Users } from "lucide-react";
import type { ReactNode } from "react";
import type { Week } from "@contract/calendar";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { QueryState, Skeletons } from "@/components/query-state";
import { ServiceTimesList, spacedTime } from "@/components/service-times-list";
import { useI18n } from "@/lib/i18n";
import { meetingWhen } from "@/lib/group-meeting";
import { useWeek } from "./api";
import { EventCard } from "./event-card";
import { byDay, dayLabel } from "./when";

function Section({ icon: Icon, title, children }: { icon: typeof BookOpen; title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <Icon className="size-5 text-primary" aria-hidden="true" /> {title}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">{children}</CardContent>
    </Card>
  );
}

const muted = (text: string) => <p className="text-muted-foreground">{text}</p>;
const more = (href: string, text: string) => (
  <Link href={href} className="inline-flex min-h-11 items-center font-medium text-primary hover:underline">
    {text}
  </Link>
);

function WeekBody({ week }: { week: Week }) {
  const { m } = useI18n();
  const t = m.week;
  const tz = week.timeZone;
  const lastDay = new Date(Date.parse(week.end) - 1).toISOString();
  return (
    <div className="grid gap-4">
      <div>
        <h1 className="text-2xl font-bold">{t.title}</h1>
        <p className="text-muted-foreground">{t.subtitle(`${dayLabel(tz, week.start)} – ${dayLabel(tz, lastDay)}`)}</p>
      </div>
      <Section icon={CalendarDays} title={t.events}>
        {week.events.length === 0
          ? muted(t.noEvents)
          : byDay(tz, week.events).map((d) => (
              <section key={d.day} aria-label={d.label} className="grid gap-2">
                <h2 className="text-sm font-semibold text-muted-foreground">{d.label}</h2>
                {d.items.map((o) => (
                  <EventCard key={`${o.id} ${o.startsAt}`} o={o} timeZone={tz} />
                ))}
              </section>
            ))}
        {more("/calendar", m.calendar.allEvents)}
      </Section>
      <Section icon={ChurchIcon} title={t.services}>
        {week.services.length === 0 ? muted(t.noServices) : <ServiceTimesList church={{ serviceTimes: week.services.flatMap((s) => s.times.map((time) => ({ day: s.day, time }))) }} format={spacedTime} />}
      </Section>
      <Section icon={Users} title={t.groups}>
        {week.groups.length === 0 ? (
          <>
            {muted(t.noGroups)}
            {more("/connect", t.findGroup)}
          </>
        ) : (
          <ul className="grid gap-2">
            {week.groups.map((g) => (
              <li key={g.id}>
                <p className="font-medium">{g.name}</p>
                {(meetingWhen(g) || g.meetingInfo) && <p className="text-sm text-muted-foreground">{[meetingWhen(g), g.meetingInfo].filter(Boolean).join(" · ")}</p>}
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section icon={BookOpen} title={t.journey}>
        {week.journey ? (
          <>
            <p className="text-sm text-muted-foreground">{t.journeyDay(week.journey.day, week.journey.totalDays)}</p>
            <p className="font-medium">{week.journey.title}</p>
            {more("/connect", t.openJourney)}
          </>
        ) : (
          <>
            {muted(t.noJourney)}
            {more("/connect", t.startJourney)}
          </>
        )}
      </Section>
    </div>
  );
}

export function WeekView() {
  const { m } = useI18n();
  const q = useWeek();
  return (
    <QueryState query={q} loading={<Skeletons count={4} className="h-32" />} error={m.week.loadFailed} retry={m.common.tryAgain} isEmpty={() => false} look="box">
      {(week) => <WeekBody week={week} />}
    </QueryState>
  );
}
