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
  ZEventRsvpsQuery,
  ZManagedEvents,
  ZManagedEventsQuery,
  ZMyRegistrations,
  ZRsvpAnswer,
  ZRsvpBody,
  ZRsvpQuery,
  ZWeek,
} from "../../../contract/calendar";
import type { Deps } from "../../deps";
import { currentUser } from "../../http/auth";
import { sendDbJson, sendJsonText } from "../../http/json-text";
import { createEvent } from "./create-event";
import { updateEvent } from "./update-event";
import { deleteEvent } from "./delete-event";
import { cancelRsvp, registerRsvp } from "./rsvp";
import { listEventRsvps, listManagedEvents } from "./manage-events";
import { calendarFeed, eventFile } from "./calendar-ics";
import { WeekAnswers } from "./get-week";
import { CalendarRanges } from "./range-cache";
import { getEvent } from "./get-event";
import { listMyRegistrations } from "./list-occurrences";

/** The events calendar, its iCalendar files and the week screen (docs/decisions/0109). */
export const calendarRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const host = new URL(deps.config.publicUrl).hostname;
    const ranges = new CalendarRanges(deps);
    app.addHook("onClose", async () => ranges.close());

    app.get(
      API.calendar.events.pattern,
      { config: { access: "member" }, schema: { querystring: ZCalendarRange, response: { 200: ZCalendarPage } } },
      async (req, reply) => {
        const answer = await ranges.answerFor(new Date(req.query.from), new Date(req.query.to), req.headers["accept-encoding"]);
        // Already compressed (the shared answer, once per load): @fastify/compress leaves it as it is.
        reply.header("vary", "accept-encoding");
        if (answer.encoding) reply.header("content-encoding", answer.encoding);
        return sendJsonText(reply, answer.body);
      },
    );

    // The asker's own registrations in the range: never shared, read each time (a few indexed rows).
    app.get(
      API.calendar.registrations.pattern,
      { config: { access: "member" }, schema: { querystring: ZCalendarRange, response: { 200: ZMyRegistrations } } },
      async (req) => ({ registrations: await listMyRegistrations(deps.db, currentUser(req).id, new Date(req.query.from), new Date(req.query.to)) }),
    );

    app.post(
      API.calendar.events.pattern,
      { config: { access: "staff", rateLimit: "calendarEvent" }, schema: { body: ZEventInput, response: { 201: ZCalendarEvent } } },
      async (req, reply) => {
        const created = await createEvent(deps, currentUser(req).id, req.body);
        ranges.changed();
        return reply.code(201).send(created);
      },
    );

    // JSON written by PostgreSQL (get-event.ts), sent as it is.
    app.get(API.calendar.event.pattern, { config: { access: "member" }, schema: { params: ZEventIdParams, response: { 200: ZCalendarEvent } } }, async (req, reply) =>
      sendDbJson(reply, await getEvent(deps, req.params.id)),
    );

    app.patch(
      API.calendar.event.pattern,
      { config: { access: "staff", rateLimit: "calendarEvent" }, schema: { params: ZEventIdParams, body: ZEventPatch, response: { 200: ZCalendarEvent } } },
      async (req) => {
        const updated = await updateEvent(deps, req.params.id, req.body);
        ranges.changed();
        return updated;
      },
    );

    app.delete(
      API.calendar.event.pattern,
      { config: { access: "staff", rateLimit: "calendarEvent" }, schema: { params: ZEventIdParams } },
      async (req, reply) => {
        await deleteEvent(deps, req.params.id);
        ranges.changed();
        return reply.code(204).send();
      },
    );

    app.post(
      API.calendar.rsvp.pattern,
      { config: { access: "member", rateLimit: "calendarRsvp" }, schema: { params: ZEventIdParams, body: ZRsvpBody, response: { 200: ZRsvpAnswer } } },
      async (req) => {
        const answer = await registerRsvp(deps, currentUser(req).id, req.params.id, req.body.occurrence);
        ranges.changed();
        return answer;
      },
    );

    app.delete(
      API.calendar.rsvp.pattern,
      { config: { access: "member", rateLimit: "calendarRsvp" }, schema: { params: ZEventIdParams, querystring: ZRsvpQuery } },
      async (req, reply) => {
        await cancelRsvp(deps, currentUser(req).id, req.params.id, req.query.occurrence);
        ranges.changed();
        return reply.code(204).send();
      },
    );

    app.get(
      API.calendar.rsvps.pattern,
      { config: { access: "staff" }, schema: { params: ZEventIdParams, querystring: ZEventRsvpsQuery, response: { 200: ZEventRsvps } } },
      // JSON written by PostgreSQL (manage-events.ts), sent as it is.
      async (req, reply) => sendDbJson(reply, await listEventRsvps(deps, req.params.id, req.query)),
    );

    app.get(
      API.calendar.manage.pattern,
      { config: { access: "staff" }, schema: { querystring: ZManagedEventsQuery, response: { 200: ZManagedEvents } } },
      // JSON written by PostgreSQL and completed in manage-events.ts, sent as it is.
      async (req, reply) => sendDbJson(reply, await listManagedEvents(deps, req.query)),
    );

    const weeks = new WeekAnswers(deps, ranges);
    app.get(API.calendar.week.pattern, { config: { access: "member" }, schema: { response: { 200: ZWeek } } }, async (req, reply) =>
      sendJsonText(reply, await weeks.json(currentUser(req).id)),
    );

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

