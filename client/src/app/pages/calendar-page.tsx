/** /calendar: the church's events (Connect's 'Calendar of Events', Home's events card), and the way to This Week (/week). */
import { Link } from "wouter";
import { CalendarRange } from "lucide-react";
import { useChurch } from "@/lib/auth";
import { useI18n } from "@/lib/i18n";
import { CalendarList } from "@/features/calendar/calendar-list";

export default function CalendarPage() {
  const church = useChurch();
  const { m } = useI18n();
  return (
    <div className="grid gap-4">
      <div>
        <h1 className="text-2xl font-bold">{m.calendar.title}</h1>
        <p className="text-muted-foreground">{m.calendar.subtitle}</p>
        <Link href="/week" className="inline-flex min-h-11 items-center gap-2 font-medium text-primary hover:underline">
          <CalendarRange className="size-4" aria-hidden="true" /> {m.week.title}
        </Link>
      </div>
      <CalendarList timeZone={church.timeZone} />
    </div>
  );
}
