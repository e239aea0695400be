/**
 * Home's small card: the next few events (two weeks ahead), each a line; it opens the calendar,
 * and its footer opens This Week (/week). With no events ahead, staff are told where to add one
 * (and get a button to Admin → Events); members, that events are coming.
 */
import { useState } from "react";
import { Link } from "wouter";
import { CalendarDays, CalendarRange, ChevronRight, Plus } from "lucide-react";
import { isStaff } from "@contract/roles";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useAuth } from "@/lib/auth";
import { useI18n } from "@/lib/i18n";
import { wallTime, zonedToUtc } from "@contract/zoned-time";
import { useOccurrences } from "./api";
import { shortLabel } from "./when";

const SHOWN = 3;
const footerLink = "inline-flex min-h-11 items-center gap-2 font-medium text-primary hover:underline";

export function UpcomingEventsCard({ timeZone }: { timeZone: string }) {
  const { m } = useI18n();
  const { user } = useAuth();
  const staff = isStaff(user?.role);
  // Whole church days (today and the next 14), as the calendar screen asks: every member's Home
  // then asks the server for the same range, which it answers from one shared copy.
  const [{ now, from, to }] = useState(() => {
    const now = new Date();
    const w = wallTime(timeZone, now);
    return { now, from: zonedToUtc(timeZone, w.y, w.m, w.d), to: zonedToUtc(timeZone, w.y, w.m, w.d + 15) };
  });
  const q = useOccurrences(from, to, { mine: false });
  const next = q.data?.occurrences.filter((o) => Date.parse(o.startsAt) >= now.getTime()).slice(0, SHOWN);
  const empty = !q.isPending && !q.isError && next?.length === 0;
  return (
    <Card data-testid="home-events">
      <Link href="/calendar" className="block rounded-t-lg transition-colors hover:bg-muted">
        <CardContent className="flex items-start gap-4 pt-5">
          <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-muted text-primary">
            <CalendarDays className="size-6" aria-hidden="true" />
          </span>
          <div className="min-w-0 flex-1">
            <p className="text-lg font-semibold">{m.calendar.homeTitle}</p>
            {q.isPending ? (
              <Skeleton className="mt-1 h-10" />
            ) : !next || next.length === 0 ? (
              <p className="text-sm text-muted-foreground">{q.isError ? m.calendar.loadFailed : staff ? m.calendar.homeEmptyStaff : m.calendar.homeEmpty}</p>
            ) : (
              <ul className="mt-1 grid gap-1">
                {next.map((o) => (
                  <li key={`${o.id} ${o.startsAt}`} className="text-sm">
                    <span className="font-medium">{o.title}</span> <span className="text-muted-foreground">· {shortLabel(timeZone, o.startsAt)}</span>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <ChevronRight className="mt-3 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
        </CardContent>
      </Link>
      <div className="flex flex-wrap items-center gap-x-6 border-t border-border px-5">
        <Link href="/week" className={footerLink}>
          <CalendarRange className="size-4" aria-hidden="true" /> {m.week.title}
        </Link>
        {staff && empty && (
          <Link href="/admin?tab=events" className={footerLink}>
            <Plus className="size-4" aria-hidden="true" /> {m.calendar.addEvent}
          </Link>
        )}
      </div>
    </Card>
  );
}
