/**
 * The live event stream (spec section 7). Opened once a user and token exist; each event
 * refetches the spec's queries and raises its toast (moderation toasts for non-MEMBER roles
 * only). Errors are only logged. After a drop the stream is opened again with exponential
 * backoff and jitter (1 s doubling to 30 s, so a sanctuary full of phones coming back does not
 * reconnect at once), at once when the browser comes back online; on reconnection every active
 * query is refetched, so nothing missed while offline stays missing.
 */
import { useEffect } from "react";
import { EVENT_NAMES, EVENT_TOASTS, SERVICE_TOASTS, URGENT_PRAYER_TOAST, queriesToRefetch, type EventName, type EventPayloads } from "@contract/events";
import { isStaff } from "@contract/roles";
import { API } from "@contract/api-paths";
import { kindsForRole } from "@contract/notifications-text";
import { EVENT_STREAM_BACKOFF } from "@contract/connection";
import type { User } from "@contract/auth";
import { queryClient, refetchPrefix } from "./query-client";
import { storedToken } from "./api";
import { toast } from "@/components/ui/use-toast";

/**
 * Events this member caused themselves: their screen already said so (e.g. 'Prayer request
 * submitted'), so the broadcast toast ('New Prayer Request') must not replace it.
 */
const ownEvents = new Set<string>();
const ownKey = (event: EventName, data: object) => `${event}:${Object.values(data).join(":")}`;
export function markOwnEvent<E extends EventName>(event: E, data: EventPayloads[E]) {
  const key = ownKey(event, data);
  ownEvents.add(key);
  setTimeout(() => ownEvents.delete(key), 60_000);
}

export function handleLiveEvent<E extends EventName>(event: E, data: EventPayloads[E], user: Pick<User, "role">) {
  // Notifications name no one: refetch the inbox only when the kind can reach this member's role.
  if (event === "notification" && !kindsForRole(user.role).includes((data as EventPayloads["notification"]).kind)) return;
  void refetchPrefix(...queriesToRefetch(event, data));
  if (ownEvents.delete(ownKey(event, data))) return;
  if (event === "service-status") {
    toast((data as EventPayloads["service-status"]).isLive ? SERVICE_TOASTS.started : SERVICE_TOASTS.ended);
    return;
  }
  if (event === "new-prayer" && (data as EventPayloads["new-prayer"]).isUrgent && isStaff(user.role)) {
    toast({ ...URGENT_PRAYER_TOAST, variant: "destructive" });
    return;
  }
  const t = EVENT_TOASTS[event];
  if (t && (!t.staffOnly || isStaff(user.role))) toast({ title: t.title, description: t.description });
}

/** The wait before reconnection attempt `attempt` (0-based): doubling, capped, minus up to 30% jitter. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const { initialMs, maxMs, jitter } = EVENT_STREAM_BACKOFF;
  const base = Math.min(maxMs, initialMs * 2 ** Math.min(attempt, 30));
  return Math.round(base * (1 - jitter * random()));
}

/** What connectLiveStream needs of an EventSource (tests pass a fake). */
export interface StreamLike {
  addEventListener(name: string, listener: (e: Event) => void): void;
  close(): void;
  onerror: ((e: Event) => void) | null;
}

export interface LiveStreamOptions {
  open: () => StreamLike;
  names: readonly string[];
  onEvent: (name: string, data: string) => void;
  /** Called when the stream is back after a drop: refetch what may have been missed. */
  onCatchUp: () => void;
  /** Where "online" is announced (the window). */
  onlineTarget?: Pick<EventTarget, "addEventListener" | "removeEventListener">;
  random?: () => number;
}

/**
 * Keeps one stream open: on an error the stream is closed (the browser's own retry has a fixed
 * delay and gives up on an error status) and opened again after backoffDelay; the delay resets
 * once the server says "connected". Returns the function that closes it for good.
 */
export function connectLiveStream(opts: LiveStreamOptions): () => void {
  let source: StreamLike | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;
  let connectedBefore = false;
  let stopped = false;

  const connect = () => {
    timer = null;
    const s = opts.open();
    source = s;
    // The server closed this stream to make room for a newer one of the same member (a cap on
    // streams per session): waiting the longest backoff keeps two tabs from pushing each other
    // out every second.
    let replaced = false;
    s.addEventListener("replaced", () => (replaced = true));
    s.addEventListener("connected", () => {
      attempt = 0;
      if (connectedBefore) opts.onCatchUp();
      connectedBefore = true;
    });
    for (const name of opts.names) s.addEventListener(name, (e) => opts.onEvent(name, (e as MessageEvent<string>).data));
    s.onerror = (err) => {
      if (source !== s) return;
      const delay = replaced ? EVENT_STREAM_BACKOFF.maxMs : backoffDelay(attempt++, opts.random);
      console.warn(`live event stream error; reconnecting in ${delay} ms`, err);
      s.close();
      source = null;
      if (!stopped) timer = setTimeout(connect, delay);
    };
  };
  const onOnline = () => {
    if (stopped || source) return;
    if (timer) clearTimeout(timer);
    attempt = 0;
    connect();
  };
  opts.onlineTarget?.addEventListener("online", onOnline);
  connect();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    source?.close();
    source = null;
    opts.onlineTarget?.removeEventListener("online", onOnline);
  };
}

export function useLiveEvents(user: User | null) {
  const userId = user?.id;
  const role = user?.role;
  useEffect(() => {
    if (!userId || !role || !storedToken() || typeof EventSource === "undefined") return;
    return connectLiveStream({
      open: () => new EventSource(API.events.stream(), { withCredentials: true }),
      names: EVENT_NAMES,
      onEvent: (name, data) => {
        try {
          handleLiveEvent(name as EventName, JSON.parse(data), { role });
        } catch (err) {
          console.warn("live event could not be handled", name, err);
        }
      },
      onCatchUp: () => void queryClient.invalidateQueries({ type: "active" }),
      onlineTarget: window,
    });
  }, [userId, role]);
}
