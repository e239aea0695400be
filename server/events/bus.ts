/**
 * The event bus: publish() sends NOTIFY on one channel with a small JSON payload (event name
 * and ids); every server instance LISTENs and hands each event to its local subscribers (the
 * SSE connections). So any number of instances on one PostgreSQL share one stream of events.
 * PGlite supports the same calls in-process.
 *
 * When the listening connection is lost (db/client.ts reopens it), the events published in the
 * meantime never reach this instance: once it listens again, `onCatchUp` subscribers are told,
 * and they have their clients refetch (the event stream says `connected` again, which the client
 * answers by refetching what it shows; shared reads are dropped).
 */
import type { Database } from "../db/client";
import { EVENT_NAMES, type EventName, type EventPayloads } from "../../contract/events";

export const EVENTS_CHANNEL = "koinonia_events";

export interface BusEvent<E extends EventName = EventName> {
  event: E;
  data: EventPayloads[E];
}

export interface EventBus {
  publish<E extends EventName>(event: E, data: EventPayloads[E]): Promise<void>;
  subscribe(fn: (e: BusEvent) => void): () => void;
  /** Called after events may have been missed (the listening connection was lost and is back). */
  onCatchUp(fn: () => void): () => void;
  close(): Promise<void>;
}

export async function createEventBus(database: Database, onError: (err: unknown) => void = () => undefined): Promise<EventBus> {
  const subscribers = new Set<(e: BusEvent) => void>();
  const catchUps = new Set<() => void>();
  const watch = {
    onLost: () => onError(new Error("the listening connection was lost; reconnecting")),
    onRestored: () => {
      for (const fn of catchUps) {
        try {
          fn();
        } catch (err) {
          onError(err);
        }
      }
    },
  };
  const unlisten = await database.listen(EVENTS_CHANNEL, (payload) => {
    let parsed: BusEvent;
    try {
      parsed = JSON.parse(payload) as BusEvent;
    } catch (err) {
      onError(err);
      return;
    }
    if (!(EVENT_NAMES as readonly string[]).includes(parsed.event)) return;
    for (const fn of subscribers) {
      try {
        fn(parsed);
      } catch (err) {
        onError(err);
      }
    }
  }, watch);
  return {
    async publish(event, data) {
      await database.notify(EVENTS_CHANNEL, JSON.stringify({ event, data }));
    },
    subscribe(fn) {
      subscribers.add(fn);
      return () => subscribers.delete(fn);
    },
    onCatchUp(fn) {
      catchUps.add(fn);
      return () => catchUps.delete(fn);
    },
    async close() {
      subscribers.clear();
      catchUps.clear();
      await unlisten();
    },
  };
}
