/**
 * Tests' reader of an event's registrations (GET /api/calendar/events/:id/rsvps): every page,
 * each checked against the contract's schema (PostgreSQL writes the JSON), walked by its cursors
 * and grouped per occurrence as Admin → Events shows them (groupRsvps).
 */
import { expect } from "vitest";
import type { FastifyInstance } from "fastify";
import { API } from "../../contract/api-paths";
import { ZEventRsvps, groupRsvps, type EventRsvps } from "../../contract/calendar";

export async function readEventRsvps(app: FastifyInstance, auth: Record<string, string>, id: string, limit?: number) {
  const pages: EventRsvps[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ ...(limit ? { limit: String(limit) } : {}), ...(cursor ? { cursor } : {}) }).toString();
    const res = await app.inject({ method: "GET", url: `${API.calendar.rsvps({ id })}${query ? `?${query}` : ""}`, headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as EventRsvps;
    expect(ZEventRsvps.parse(page)).toEqual(page);
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor && pages.length < 1000);
  return { pages, groups: groupRsvps(pages) };
}
