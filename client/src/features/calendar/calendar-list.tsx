/**
 * The calendar screen's list (Connect's 'Calendar of Events'): the next weeks, day by day, on the
 * church's clock; "Next weeks" adds CALENDAR_PAGE_DAYS more. An occurrence that began in an
 * earlier page (a weekend retreat) shows once, on its first day.
 */
import { useState } from "react";
import { CalendarDays, Rss } from "lucide-react";
import { CALENDAR_PAGE_DAYS } from "@contract/calendar";
import { wallTime, zonedToUtc } from "@contract/zoned-time";
import { isStaff } from "@contract/roles";
import { Button } from "@/components/ui/button";
import { QueryState, Skeletons } from "@/components/query-state";
import { useAuth } from "@/lib/auth";
import { useI18n } from "@/lib/i18n";
import { feedUrl, useOccurrences } from "./api";
import { EventCard } from "./event-card";
import { byDay } from "./when";

function pageBounds(tz: string, page: number) {
  const w = wallTime(tz, new Date());
  return {
    from: zonedToUtc(tz, w.y, w.m, w.d + page * CALENDAR_PAGE_DAYS),
    to: zonedToUtc(tz, w.y, w.m, w.d + (page + 1) * CALENDAR_PAGE_DAYS),
  };
}

function CalendarPageOf({ tz, page, onEmpty }: { tz: string; page: number; onEmpty?: boolean }) {
  const { m } = useI18n();
  const { user } = useAuth();
  const [{ from, to }] = useState(() => pageBounds(tz, page));
  const q = useOccurrences(from, to);
  const items = q.data?.occurrences.filter((o) => page === 0 || Date.parse(o.startsAt) >= from.getTime());
  return (
    <QueryState
      query={q}
      data={items}
      loading={<Skeletons count={3} className="h-40" />}
      error={m.calendar.loadFailed}
      retry={m.common.tryAgain}
      look="box"
      emptyIcon={CalendarDays}
      empty={onEmpty ? (isStaff(user?.role) ? m.calendar.emptyStaff : m.calendar.empty) : null}
    >
      {(list) => (
        <div className="grid gap-5">
          {byDay(tz, list).map((d) => (
            <section key={d.day} aria-label={d.label} className="grid gap-3">
              <h2 className="text-base font-semibold text-muted-foreground">{d.label}</h2>
              {d.items.map((o) => (
                <EventCard key={`${o.id} ${o.startsAt}`} o={o} timeZone={tz} />
              ))}
            </section>
          ))}
        </div>
      )}
    </QueryState>
  );
}

export function CalendarList({ timeZone }: { timeZone: string }) {
  const { m } = useI18n();
  const [pages, setPages] = useState(1);
  return (
    <div className="grid gap-5">
      {Array.from({ length: pages }, (_, i) => (
        <CalendarPageOf key={i} tz={timeZone} page={i} onEmpty={i === 0} />
      ))}
      <Button variant="outline" onClick={() => setPages((n) => n + 1)}>
        {m.calendar.nextWeeks}
      </Button>
      <Button asChild variant="link" className="justify-self-center">
        <a href={feedUrl()}>
          <Rss aria-hidden="true" /> {m.calendar.subscribe}
        </a>
      </Button>
    </div>
  );
}
