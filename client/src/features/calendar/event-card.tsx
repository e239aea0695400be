/**
 * One occurrence of an event as members see it: when (on the church's clock), where, what, how
 * many places are left, the member's registration (going or on the waitlist) with the button to
 * register or cancel, and "Add to calendar" (an .ics file). "Details" opens the description,
 * fetched then (the month's list carries none).
 */
import { useId, useState } from "react";
import { CalendarPlus, CheckCircle2, ChevronDown, ChevronUp, Clock, MapPin, Repeat, Users } from "lucide-react";
import type { Occurrence } from "@contract/calendar";
import { Card, CardContent } from "@/components/ui/card";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { errorText } from "@/lib/api";
import { useI18n } from "@/lib/i18n";
import { Skeleton } from "@/components/ui/skeleton";
import { eventIcsUrl, useEventDetail, useRsvp } from "./api";
import { timeRange } from "./when";

export function EventCard({ o, timeZone }: { o: Occurrence; timeZone: string }) {
  const { m } = useI18n();
  const t = m.calendar;
  const rsvp = useRsvp(o, {
    onSuccess: (a) => toast({ title: a === null ? t.cancelled : a.status === "going" ? t.registered : t.waitlisted, description: a?.status === "waitlisted" ? t.waitlistedToast : o.title }),
    onError: (err) => toast({ title: t.rsvpFailed, description: errorText(err), variant: "destructive" }),
  });
  const left = o.capacity === null ? null : Math.max(0, o.capacity - o.goingCount);
  const started = Date.parse(o.startsAt) <= Date.now();
  const [open, setOpen] = useState(false);
  const detail = useEventDetail(o.id, open);
  const detailsId = useId();
  return (
    <Card data-testid="event-card">
      <CardContent className="grid gap-2 pt-5">
        <div className="flex items-start justify-between gap-2">
          <h3 className="min-w-0 break-words text-lg font-semibold leading-snug">{o.title}</h3>
          {o.myStatus === "going" && (
            <Badge variant="success" className="shrink-0 whitespace-nowrap" data-testid="rsvp-status">
              <CheckCircle2 className="size-3" aria-hidden="true" /> {t.going}
            </Badge>
          )}
          {o.myStatus === "waitlisted" && (
            <Badge variant="secondary" className="shrink-0 whitespace-nowrap" data-testid="rsvp-status">
              {t.waitlisted}
            </Badge>
          )}
        </div>
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Clock className="size-4 shrink-0" aria-hidden="true" /> {timeRange(timeZone, o.startsAt, o.endsAt)}
          {o.repeat !== "none" && (
            <span className="inline-flex items-center gap-1">
              · <Repeat className="size-3.5" aria-hidden="true" /> {o.repeat === "weekly" ? t.weekly : t.monthly}
            </span>
          )}
        </p>
        {o.location && (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <MapPin className="size-4 shrink-0" aria-hidden="true" /> <span className="min-w-0 break-words">{o.location}</span>
          </p>
        )}
        {open && (
          <div id={detailsId}>
            {detail.isPending ? (
              <Skeleton className="h-10" />
            ) : detail.isError ? (
              <p className="text-sm text-destructive">{t.detailsFailed}</p>
            ) : (
              <p className="whitespace-pre-line break-words">{detail.data.description}</p>
            )}
          </div>
        )}
        {o.registration && (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Users className="size-4 shrink-0" aria-hidden="true" /> {t.goingCount(o.goingCount)}
            {left !== null && <span>· {left === 0 ? t.full : t.placesLeft(left)}</span>}
          </p>
        )}
        <div className="flex flex-wrap gap-2 pt-1">
          {o.registration && !started && (
            <Button
              size="sm"
              variant={o.myStatus ? "outline" : "default"}
              disabled={rsvp.isPending}
              onClick={() => rsvp.mutate({ cancel: o.myStatus !== null })}
            >
              {o.myStatus === "going" ? t.cancelRsvp : o.myStatus === "waitlisted" ? t.leaveWaitlist : left === 0 ? t.joinWaitlist : t.register}
            </Button>
          )}
          {o.hasDetails && (
            <Button size="sm" variant="ghost" aria-expanded={open} aria-controls={open ? detailsId : undefined} onClick={() => setOpen((v) => !v)}>
              {open ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />} {open ? t.hideDetails : t.details}
            </Button>
          )}
          <Button asChild size="sm" variant="ghost">
            <a href={eventIcsUrl(o.id)} download="event.ics">
              <CalendarPlus aria-hidden="true" /> {t.addToCalendar}
            </a>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
