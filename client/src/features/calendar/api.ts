/** The events calendar and the week (decision 0109): reads, registration, and staff authoring. */
import { useQuery } from "@tanstack/react-query";
import { API } from "@contract/api-paths";
import type { CalendarEvent, CalendarPage, EventInput, EventPatch, EventRsvps, ManagedEvents, Occurrence, RsvpAnswer, Week } from "@contract/calendar";
import { apiJson, apiRequest } from "@/lib/api";
import { refetchPrefix } from "@/lib/query-client";
import { useApiMutation, type MutationConfig } from "@/lib/mutation";

/** The occurrences in [from, to): the key is the URL, so the live event's prefix refetches it. */
export const eventsUrl = (from: Date, to: Date) => `${API.calendar.events()}?from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`;
export const useOccurrences = (from: Date, to: Date) => useQuery<CalendarPage>({ queryKey: [eventsUrl(from, to)] });

/** One event's description and schedule, fetched when a member opens its card (the list carries none). */
export const useEventDetail = (id: string, enabled: boolean) => useQuery<CalendarEvent>({ queryKey: [API.calendar.event({ id })], enabled });

export const useWeek = () => useQuery<Week>({ queryKey: [API.calendar.week()] });
export const useManagedEvents = () => useQuery<ManagedEvents>({ queryKey: [API.calendar.manage()] });
export const useEventRsvps = (id: string, enabled: boolean) => useQuery<EventRsvps>({ queryKey: [API.calendar.rsvps({ id })], enabled });

/** Where "Add to calendar" downloads one event, and the feed a calendar program subscribes to. */
export const eventIcsUrl = (id: string) => API.calendar.eventIcs({ id });
export const feedUrl = () => API.calendar.feed();

const refreshCalendar = () => refetchPrefix(API.calendar.events(), API.calendar.week(), API.calendar.manage());

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
