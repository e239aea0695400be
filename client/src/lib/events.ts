/**
 * The live event stream (spec section 7). Opened once a user and token exist; each event
 * refetches the spec's queries and raises its toast (moderation toasts for non-MEMBER roles
 * only). Errors are only logged. The browser's EventSource reconnects by itself after a drop
 * (the server sends a retry hint); on reconnection every active query is refetched, so nothing
 * missed while offline stays missing.
 */
import { useEffect } from "react";
import { EVENT_NAMES, EVENT_TOASTS, SERVICE_TOASTS, queriesToRefetch, type EventName, type EventPayloads } from "@contract/events";
import { isStaff } from "@contract/roles";
import type { User } from "@contract/auth";
import { queryClient } from "./query-client";
import { storedToken } from "./api";
import { toast } from "@/components/ui/use-toast";

function refetch(prefixes: string[]) {
  if (!prefixes.length) return;
  void queryClient.invalidateQueries({
    predicate: (q) => typeof q.queryKey[0] === "string" && prefixes.some((p) => (q.queryKey[0] as string).startsWith(p)),
  });
}

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
  refetch(queriesToRefetch(event, data));
  if (ownEvents.delete(ownKey(event, data))) return;
  if (event === "service-status") {
    toast((data as EventPayloads["service-status"]).isLive ? SERVICE_TOASTS.started : SERVICE_TOASTS.ended);
    return;
  }
  const t = EVENT_TOASTS[event];
  if (t && (!t.staffOnly || isStaff(user.role))) toast({ title: t.title, description: t.description });
}

export function useLiveEvents(user: User | null) {
  const userId = user?.id;
  const role = user?.role;
  useEffect(() => {
    if (!userId || !role || !storedToken() || typeof EventSource === "undefined") return;
    const source = new EventSource("/api/events", { withCredentials: true });
    let connectedOnce = false;
    source.addEventListener("connected", () => {
      if (connectedOnce) void queryClient.invalidateQueries({ type: "active" });
      connectedOnce = true;
    });
    for (const name of EVENT_NAMES) {
      source.addEventListener(name, (e) => {
        try {
          handleLiveEvent(name, JSON.parse((e as MessageEvent<string>).data), { role });
        } catch (err) {
          console.warn("live event could not be handled", name, err);
        }
      });
    }
    source.onerror = (err) => console.warn("live event stream error (the browser will reconnect)", err);
    return () => source.close();
  }, [userId, role]);
}
