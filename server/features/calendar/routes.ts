import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { API } from "../../../contract/api-paths";
import {
  ZCalendarEvent,
  ZCalendarPage,
  ZCalendarRange,
  ZEventIdParams,
  ZEventInput,
  ZEventPatch,
  ZEventRsvps,
  ZManagedEvents,
  ZRsvpAnswer,
  ZRsvpBody,
  ZRsvpQuery,
  ZWeek,
} from "../../../contract/calendar";
import type { Deps } from "../../deps";
import { currentUser } from "../../http/auth";
import { createEvent } from "./create-event";
import { updateEvent } from "./update-event";
import { deleteEvent } from "./delete-event";
import { listOccurrences } from "./list-occurrences";
import { cancelRsvp, registerRsvp } from "./rsvp";
import { listEventRsvps, listManagedEvents } from "./manage-events";
import { calendarFeed, eventFile } from "./calendar-ics";
import { getWeek } from "./get-week";

/** The events calendar, its iCalendar files and the week screen (docs/decisions/0109). */
export const calendarRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const host = new URL(deps.config.publicUrl).hostname;

    app.get(
      API.calendar.events.pattern,
      { config: { access: "member" }, schema: { querystring: ZCalendarRange, response: { 200: ZCalendarPage } } },
      async (req) => ({
        timeZone: deps.church.timeZone,
        occurrences: await listOccurrences(deps.db, deps.church.timeZone, currentUser(req).id, new Date(req.query.from), new Date(req.query.to)),
      }),
    );

    app.post(
      API.calendar.events.pattern,
      { config: { access: "staff", rateLimit: "calendarEvent" }, schema: { body: ZEventInput, response: { 201: ZCalendarEvent } } },
      async (req, reply) => reply.code(201).send(await createEvent(deps, currentUser(req).id, req.body)),
    );

    app.patch(
      API.calendar.event.pattern,
      { config: { access: "staff", rateLimit: "calendarEvent" }, schema: { params: ZEventIdParams, body: ZEventPatch, response: { 200: ZCalendarEvent } } },
      (req) => updateEvent(deps, req.params.id, req.body),
    );

    app.delete(
      API.calendar.event.pattern,
      { config: { access: "staff", rateLimit: "calendarEvent" }, schema: { params: ZEventIdParams } },
      async (req, reply) => {
        await deleteEvent(deps, req.params.id);
        return reply.code(204).send();
      },
    );

    app.post(
      API.calendar.rsvp.pattern,
      { config: { access: "member", rateLimit: "calendarRsvp" }, schema: { params: ZEventIdParams, body: ZRsvpBody, response: { 200: ZRsvpAnswer } } },
      (req) => registerRsvp(deps, currentUser(req).id, req.params.id, req.body.occurrence),
    );

    app.delete(
      API.calendar.rsvp.pattern,
      { config: { access: "member", rateLimit: "calendarRsvp" }, schema: { params: ZEventIdParams, querystring: ZRsvpQuery } },
      async (req, reply) => {
        await cancelRsvp(deps, currentUser(req).id, req.params.id, req.query.occurrence);
        return reply.code(204).send();
      },
    );

    app.get(
      API.calendar.rsvps.pattern,
      { config: { access: "staff" }, schema: { params: ZEventIdParams, response: { 200: ZEventRsvps } } },
      (req) => listEventRsvps(deps, req.params.id),
    );

    app.get(API.calendar.manage.pattern, { config: { access: "staff" }, schema: { response: { 200: ZManagedEvents } } }, () => listManagedEvents(deps));

    app.get(API.calendar.week.pattern, { config: { access: "member" }, schema: { response: { 200: ZWeek } } }, (req) => getWeek(deps, currentUser(req).id));

    // iCalendar files: public (a calendar program subscribes without signing in), short-lived in caches.
    app.get(API.calendar.feed.pattern, { config: { access: "public" } }, async (_req, reply) =>
      reply
        .type("text/calendar; charset=utf-8")
        .header("cache-control", "public, max-age=300")
        .header("content-disposition", 'inline; filename="church-calendar.ics"')
        .send(await calendarFeed(deps, host)),
    );

    app.get(API.calendar.eventIcs.pattern, { config: { access: "public" }, schema: { params: ZEventIdParams } }, async (req, reply) =>
      reply
        .type("text/calendar; charset=utf-8")
        .header("cache-control", "public, max-age=300")
        .header("content-disposition", 'attachment; filename="event.ics"')
        .send(await eventFile(deps, req.params.id, host)),
    );
  };

