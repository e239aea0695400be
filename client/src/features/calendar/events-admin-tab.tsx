/**
 * Admin, Events (staff): create, edit and delete events (one-off, weekly or monthly, with an
 * optional end, registration and capacity), each with its next date and how many are going and
 * waiting; the names of who is going and the waitlist in order. Times are typed and shown on the
 * church's clock (sent without an offset, the server reads them in the church's time zone). The
 * list comes a page at a time, soonest first ("Load more"; issue 23).
 */
import { useState, type FormEvent } from "react";
import { CalendarDays, ChevronDown, ChevronUp, Pencil, Plus } from "lucide-react";
import { EVENT_REPEATS, type EventRepeat, type ManagedEvent } from "@contract/calendar";
import { zonedLocalInput } from "@contract/zoned-time";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { FormField } from "@/components/ui/form-field";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { DeleteButton } from "@/components/confirm-dialog";
import { QueryState, Skeletons } from "@/components/query-state";
import { LoadMore } from "@/components/load-more";
import { toast } from "@/components/ui/use-toast";
import { errorText } from "@/lib/api";
import { useI18n } from "@/lib/i18n";
import { useDeleteEvent, useEventRsvps, useManagedEvents, useSaveEvent } from "./api";
import { shortLabel } from "./when";

interface Draft {
  title: string;
  description: string;
  location: string;
  startsAt: string;
  endsAt: string;
  repeat: EventRepeat;
  repeatUntil: string;
  registration: boolean;
  capacity: string;
}

function draftOf(tz: string, e: ManagedEvent | null): Draft {
  if (!e) return { title: "", description: "", location: "", startsAt: "", endsAt: "", repeat: "none", repeatUntil: "", registration: false, capacity: "" };
  return {
    title: e.title,
    description: e.description,
    location: e.location,
    startsAt: zonedLocalInput(tz, new Date(e.startsAt)),
    endsAt: zonedLocalInput(tz, new Date(e.endsAt)),
    repeat: e.repeat,
    repeatUntil: e.repeatUntil ?? "",
    registration: e.registration,
    capacity: e.capacity === null ? "" : String(e.capacity),
  };
}

function EventForm({ tz, event, onDone }: { tz: string; event: ManagedEvent | null; onDone: () => void }) {
  const { m } = useI18n();
  const t = m.eventAdmin;
  const [d, setD] = useState<Draft>(() => draftOf(tz, event));
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setD((x) => ({ ...x, [k]: v }));
  const save = useSaveEvent(event?.id ?? null, {
    onSuccess: () => {
      toast({ title: event ? t.updated : t.created, description: d.title });
      onDone();
    },
    onError: (err) => toast({ title: t.saveFailed, description: errorText(err), variant: "destructive" }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({
      title: d.title,
      description: d.description,
      location: d.location,
      startsAt: d.startsAt,
      endsAt: d.endsAt,
      repeat: d.repeat,
      repeatUntil: d.repeat === "none" || !d.repeatUntil ? null : d.repeatUntil,
      registration: d.registration,
      capacity: d.registration && d.capacity ? Number(d.capacity) : null,
    });
  };
  const labels: Record<EventRepeat, string> = { none: t.repeatNone, weekly: t.repeatWeekly, monthly: t.repeatMonthly };
  return (
    <form onSubmit={submit} className="grid gap-3" aria-label={event ? t.editEvent : t.newEvent}>
      <FormField id="event-title" label={t.title}>
        <Input id="event-title" value={d.title} onChange={(e) => set("title", e.target.value)} required maxLength={120} />
      </FormField>
      <FormField id="event-description" label={t.description}>
        <Textarea id="event-description" value={d.description} onChange={(e) => set("description", e.target.value)} maxLength={2000} />
      </FormField>
      <FormField id="event-location" label={t.location}>
        <Input id="event-location" value={d.location} onChange={(e) => set("location", e.target.value)} maxLength={200} />
      </FormField>
      <FormField id="event-starts" label={t.startsAt}>
        <Input id="event-starts" type="datetime-local" value={d.startsAt} onChange={(e) => set("startsAt", e.target.value)} required />
      </FormField>
      <FormField id="event-ends" label={t.endsAt}>
        <Input id="event-ends" type="datetime-local" value={d.endsAt} onChange={(e) => set("endsAt", e.target.value)} required />
      </FormField>
      <FormField id="event-repeat" label={t.repeat}>
        <select
          id="event-repeat"
          value={d.repeat}
          onChange={(e) => set("repeat", e.target.value as EventRepeat)}
          className="min-h-11 w-full rounded-md border border-input bg-card px-3 text-base text-foreground"
        >
          {EVENT_REPEATS.map((r) => (
            <option key={r} value={r}>
              {labels[r]}
            </option>
          ))}
        </select>
      </FormField>
      {d.repeat !== "none" && (
        <FormField id="event-until" label={t.repeatUntil}>
          <Input id="event-until" type="date" value={d.repeatUntil} onChange={(e) => set("repeatUntil", e.target.value)} />
        </FormField>
      )}
      <label className="flex min-h-11 items-center gap-3">
        <input type="checkbox" className="size-5 accent-[var(--primary)]" checked={d.registration} onChange={(e) => set("registration", e.target.checked)} />
        {t.registration}
      </label>
      {d.registration && (
        <FormField id="event-capacity" label={t.capacity}>
          <Input id="event-capacity" type="number" inputMode="numeric" min={1} value={d.capacity} onChange={(e) => set("capacity", e.target.value)} />
        </FormField>
      )}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? m.common.saving : event ? t.save : t.create}
      </Button>
    </form>
  );
}

function Registrations({ id, tz }: { id: string; tz: string }) {
  const { m } = useI18n();
  const t = m.eventAdmin;
  const { query: q, groups } = useEventRsvps(id);
  return (
    <QueryState query={q} data={groups} loading={<Skeletons count={1} className="h-10" />} error={t.loadFailed} empty={t.noRsvps}>
      {(list) => (
        <div className="grid gap-3" data-testid="admin-event-rsvps">
          {list.map((o) => (
            <div key={o.occurrence} className="rounded-md bg-muted p-3 text-sm">
              <p className="font-semibold">{shortLabel(tz, o.occurrence)}</p>
              <p className="text-muted-foreground">{t.counts(o.goingCount, o.waitlistCount)}</p>
              <p>
                <span className="font-medium">{t.goingList}:</span> {o.going.join(", ") || "—"}
              </p>
              {o.waitlisted.length > 0 && (
                <p>
                  <span className="font-medium">{t.waitlist}:</span> {o.waitlisted.map((name, i) => `${i + 1}. ${name}`).join(", ")}
                </p>
              )}
            </div>
          ))}
          <LoadMore query={q} />
        </div>
      )}
    </QueryState>
  );
}

function ManagedEventCard({ e, tz, onEdit }: { e: ManagedEvent; tz: string; onEdit: () => void }) {
  const { m } = useI18n();
  const t = m.eventAdmin;
  const [open, setOpen] = useState(false);
  const del = useDeleteEvent(e.id, {
    onSuccess: () => toast({ title: t.deleted, description: e.title }),
    onError: (err) => toast({ title: t.saveFailed, description: errorText(err), variant: "destructive" }),
  });
  const repeat = e.repeat === "weekly" ? m.calendar.weekly : e.repeat === "monthly" ? m.calendar.monthly : null;
  return (
    <li>
      <Card data-testid="admin-event">
        <CardContent className="grid gap-2 pt-5">
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <h3 className="break-words text-lg font-semibold leading-snug">{e.title}</h3>
              <p className="text-sm text-muted-foreground">
                {t.nextOn(shortLabel(tz, e.nextOccurrence ?? e.startsAt))}
                {repeat && ` · ${repeat}`}
              </p>
            </div>
            <div className="flex shrink-0">
              <Button variant="ghost" size="icon" aria-label={`${t.editEvent}: ${e.title}`} onClick={onEdit}>
                <Pencil aria-hidden="true" />
              </Button>
              <DeleteButton
                label={`${m.common.delete}: ${e.title}`}
                title={m.common.delete}
                description={t.deleteConfirm}
                confirmLabel={m.common.delete}
                disabled={del.isPending}
                onConfirm={() => del.mutate()}
              />
            </div>
          </div>
          {e.registration && (
            <>
              <p className="text-sm" data-testid="admin-event-counts">
                {t.counts(e.goingCount, e.waitlistCount)}
                {e.capacity !== null && ` · ${t.capacityOf(e.capacity)}`}
              </p>
              <Button variant="outline" size="sm" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
                {open ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />} {t.rsvps}
              </Button>
              {open && <Registrations id={e.id} tz={tz} />}
            </>
          )}
        </CardContent>
      </Card>
    </li>
  );
}

export function EventsAdminTab() {
  const { m } = useI18n();
  const t = m.eventAdmin;
  const { query: q, items } = useManagedEvents();
  const [editing, setEditing] = useState<ManagedEvent | null | "new">(null);
  const tz = q.data?.pages[0]?.timeZone ?? "UTC";
  return (
    <section aria-labelledby="events-admin-title" className="grid gap-3">
      <Card>
        <CardHeader className="flex flex-row items-center justify-between gap-2">
          <CardTitle id="events-admin-title" className="flex items-center gap-2">
            <CalendarDays className="size-5 text-primary" aria-hidden="true" /> {t.heading}
          </CardTitle>
          <Button size="sm" onClick={() => setEditing("new")}>
            <Plus aria-hidden="true" /> {t.newEvent}
          </Button>
        </CardHeader>
      </Card>
      <QueryState
        query={q}
        data={items}
        loading={<Skeletons count={3} className="h-28" />}
        error={t.loadFailed}
        retry={m.common.tryAgain}
        look="box"
        emptyIcon={CalendarDays}
        empty={t.empty}
      >
        {(events) => (
          <>
            <ul className="grid gap-3">
              {events.map((e) => (
                <ManagedEventCard key={e.id} e={e} tz={tz} onEdit={() => setEditing(e)} />
              ))}
            </ul>
            <LoadMore query={q} />
          </>
        )}
      </QueryState>
      <Dialog open={editing !== null} onOpenChange={(o) => !o && setEditing(null)}>
        <DialogContent className="max-h-[90dvh] overflow-y-auto">
          <DialogHeader>
            <DialogTitle>{editing === "new" ? t.newEvent : t.editEvent}</DialogTitle>
            <DialogDescription>{t.timeZoneNote(tz)}</DialogDescription>
          </DialogHeader>
          {editing !== null && <EventForm tz={tz} event={editing === "new" ? null : editing} onDone={() => setEditing(null)} />}
        </DialogContent>
      </Dialog>
    </section>
  );
}
