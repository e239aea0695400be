/** The events calendar and the week (decision 0109): reads, registration, and staff authoring. */
import { useMemo } from "react";
import { useQuery } from "@tanstack/react-query";
import { API } from "@contract/api-paths";
import { groupRsvps, withMyStatus, type CalendarEvent, type CalendarPage, type EventInput, type EventPatch, type EventRsvps, type ManagedEvents, type MyRegistrations, type Occurrence, type RsvpAnswer, type Week } from "@contract/calendar";
import { apiJson, apiRequest } from "@/lib/api";
import { refetchPrefix } from "@/lib/query-client";
import { useApiMutation, type MutationConfig } from "@/lib/mutation";
import { usePagedList } from "@/lib/paged";

const rangeQuery = (from: Date, to: Date) => `?from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`;
/** The occurrences in [from, to): the key is the URL, so the live event's prefix refetches it. */
export const eventsUrl = (from: Date, to: Date) => `${API.calendar.events()}${rangeQuery(from, to)}`;
/** The member's own registrations in [from, to). */
export const registrationsUrl = (from: Date, to: Date) => `${API.calendar.registrations()}${rangeQuery(from, to)}`;

/**
 * The occurrences in [from, to), each with the member's own place (`myStatus`): the list (the
 * same for every member) and the member's registrations are two reads, fetched side by side and
 * laid over each other here (decision 0109). Without `mine`, only the list (every `myStatus` null).
 */
export function useOccurrences(from: Date, to: Date, { mine = true }: { mine?: boolean } = {}) {
  const list = useQuery<CalendarPage>({ queryKey: [eventsUrl(from, to)] });
  const own = useQuery<MyRegistrations>({ queryKey: [registrationsUrl(from, to)], enabled: mine });
  const data = useMemo(
    () => (list.data && (!mine || own.data) ? { timeZone: list.data.timeZone, occurrences: withMyStatus(list.data.occurrences, own.data?.registrations ?? []) } : undefined),
    [list.data, own.data, mine],
  );
  return {
    data,
    isPending: list.isPending || (mine && own.isPending),
    isError: list.isError || (mine && own.isError),
    refetch: () => Promise.all([list.refetch(), mine ? own.refetch() : null]),
  };
}

/** One event's description and schedule, fetched when a member opens its card (the list carries none). */
export const useEventDetail = (id: string, enabled: boolean) => useQuery<CalendarEvent>({ queryKey: [API.calendar.event({ id })], enabled });

export const useWeek = () => useQuery<Week>({ queryKey: [API.calendar.week()] });
/** Admin → Events a page at a time ("Load more"; the first page's `timeZone` is the church's). */
export const useManagedEvents = () => usePagedList(API.calendar.manage(), (p: ManagedEvents) => p.events);
/** One event's registrations a page at a time ("Load more"), grouped per occurrence (groupRsvps). */
export function useEventRsvps(id: string) {
  const { query } = usePagedList(API.calendar.rsvps({ id }), (p: EventRsvps) => p.occurrences);
  const groups = useMemo(() => (query.data ? groupRsvps(query.data.pages) : undefined), [query.data]);
  return { query, groups };
}

/** Where "Add to calendar" downloads one event, and the feed a calendar program subscribes to. */
export const eventIcsUrl = (id: string) => API.calendar.eventIcs({ id });
export const feedUrl = () => API.calendar.feed();

const refreshCalendar = () => refetchPrefix(API.calendar.events(), API.calendar.registrations(), API.calendar.week(), API.calendar.manage());

/** Register for (or, with `cancel`, leave) one occurrence. */
export const useRsvp = (o: Occurrence, config?: MutationConfig<RsvpAnswer | null, { cancel: boolean }>) =>
  useApiMutation(
    async ({ cancel }: { cancel: boolean }) => {
      const occurrence = o.repeat === "none" ? undefined : o.startsAt;
      if (!cancel) return apiJson<RsvpAnswer>("POST", API.calendar.rsvp({ id: o.id }), occurrence ? { occurrence } : {});
      await apiRequest("DELETE", `${API.calendar.rsvp({ id: o.id })}${occurrence ? `?occurrence=${encodeURIComponent(occurrence)}` : ""}`);
      return null;
    },
    config,
    refreshCalendar,
  );

export const useSaveEvent = (id: string | null, config?: MutationConfig<CalendarEvent, EventInput | EventPatch>) =>
  useApiMutation(
    (body: EventInput | EventPatch) => (id ? apiJson<CalendarEvent>("PATCH", API.calendar.event({ id }), body) : apiJson<CalendarEvent>("POST", API.calendar.events(), body)),
    config,
    refreshCalendar,
  );

export const useDeleteEvent = (id: string, config?: MutationConfig<void, void>) =>
  useApiMutation(
    async () => {
      await apiRequest("DELETE", API.calendar.event({ id }));
    },
    config,
    refreshCalendar,
  );
