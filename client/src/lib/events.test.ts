/**
 * Live event reactions (an urgent prayer request is flagged to staff with its own toast), and
 * the stream's reconnection: backoff with jitter, at once when back online, and a catch-up
 * refetch after every reconnection.
 */
import { afterEach, describe, expect, it, vi, beforeEach } from "vitest";

const toast = vi.fn();
vi.mock("@/components/ui/use-toast", () => ({ toast: (t: unknown) => toast(t) }));
vi.mock("./query-client", () => ({ queryClient: { invalidateQueries: vi.fn() }, refetchPrefix: vi.fn() }));

const { handleLiveEvent, backoffDelay, connectLiveStream } = await import("./events");
const { EVENT_TOASTS, URGENT_PRAYER_TOAST } = await import("@contract/events");

beforeEach(() => toast.mockClear());

describe("new-prayer", () => {
  it("tells staff of an urgent request with the urgent toast, and members with the spec's toast", () => {
    handleLiveEvent("new-prayer", { prayerId: "p1", isUrgent: true }, { role: "PASTOR" });
    expect(toast).toHaveBeenLastCalledWith(expect.objectContaining({ title: URGENT_PRAYER_TOAST.title }));
    handleLiveEvent("new-prayer", { prayerId: "p2", isUrgent: true }, { role: "MEMBER" });
    expect(toast).toHaveBeenLastCalledWith({ title: EVENT_TOASTS["new-prayer"]!.title, description: EVENT_TOASTS["new-prayer"]!.description });
    handleLiveEvent("new-prayer", { prayerId: "p3", isUrgent: false }, { role: "STAFF" });
    expect(toast).toHaveBeenLastCalledWith({ title: "New Prayer Request", description: "Someone has shared a prayer request" });
  });

  it("raises no toast for a deleted comment", () => {
    handleLiveEvent("comment-deleted", { commentId: "c1" }, { role: "MEMBER" });
    expect(toast).not.toHaveBeenCalled();
  });
});

/** A stand-in EventSource: the test plays the server (connected, events) and the network (errors). */
class FakeStream {
  listeners = new Map<string, ((e: Event) => void)[]>();
  onerror: ((e: Event) => void) | null = null;
  closed = false;
  addEventListener(name: string, fn: (e: Event) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), fn]);
  }
  close() {
    this.closed = true;
  }
  emit(name: string, data = "{}") {
    for (const fn of this.listeners.get(name) ?? []) fn(new MessageEvent(name, { data }));
  }
  fail() {
    this.onerror?.(new Event("error"));
  }
}

describe("backoffDelay", () => {
  it("doubles from 1 s to at most 30 s, less up to 30% jitter", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map((a) => backoffDelay(a, () => 0))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    expect(backoffDelay(0, () => 1)).toBe(700);
    expect(backoffDelay(5, () => 0.5)).toBe(25500);
  });
});

describe("connectLiveStream", () => {
  let streams: FakeStream[];
  let online: EventTarget;
  const onEvent = vi.fn();
  const onCatchUp = vi.fn();
  let stop: () => void;
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, "warn").mockImplementation(() => {});
    streams = [];
    online = new EventTarget();
    onEvent.mockClear();
    onCatchUp.mockClear();
    stop = connectLiveStream({
      open: () => {
        const s = new FakeStream();
        streams.push(s);
        return s;
      },
      names: ["new-poll"],
      onEvent,
      onCatchUp,
      onlineTarget: online,
      random: () => 0,
    });
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("passes events on, and after a drop reconnects with growing waits, then catches up by refetching", () => {
    streams[0].emit("connected");
    streams[0].emit("new-poll", '{"pollId":"p1"}');
    expect(onEvent).toHaveBeenCalledWith("new-poll", '{"pollId":"p1"}');
    expect(onCatchUp).not.toHaveBeenCalled(); // the first connection has nothing to catch up on

    streams[0].fail();
    expect(streams[0].closed).toBe(true);
    vi.advanceTimersByTime(999);
    expect(streams).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(streams).toHaveLength(2);
    streams[1].fail(); // still down: the next wait is 2 s
    vi.advanceTimersByTime(1999);
    expect(streams).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(streams).toHaveLength(3);
    streams[2].fail();
    vi.advanceTimersByTime(4000);
    expect(streams).toHaveLength(4);

    streams[3].emit("connected");
    expect(onCatchUp).toHaveBeenCalledTimes(1);
    // Connected again: the wait starts over at 1 s.
    streams[3].fail();
    vi.advanceTimersByTime(1000);
    expect(streams).toHaveLength(5);
    // Events of a closed stream are never delivered twice: only the open one is listened to.
    expect(streams.slice(0, 4).every((s) => s.closed)).toBe(true);
  });

  it("waits the longest backoff after the server replaced the stream with a newer one (no two tabs pushing each other out)", () => {
    streams[0].emit("connected");
    streams[0].emit("replaced");
    streams[0].fail();
    vi.advanceTimersByTime(29_999);
    expect(streams).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(streams).toHaveLength(2);
    // The next stream was not replaced: a drop waits the usual 1 s.
    streams[1].emit("connected");
    streams[1].fail();
    vi.advanceTimersByTime(1000);
    expect(streams).toHaveLength(3);
  });

  it("reconnects at once when the browser comes back online", () => {
    streams[0].emit("connected");
    streams[0].fail();
    vi.advanceTimersByTime(1000);
    streams[1].fail(); // a 2 s wait is pending
    online.dispatchEvent(new Event("online"));
    expect(streams).toHaveLength(3);
    vi.advanceTimersByTime(60_000);
    expect(streams).toHaveLength(3); // the pending retry was cancelled
    streams[2].emit("connected");
    expect(onCatchUp).toHaveBeenCalledTimes(1);
    // Online while connected opens nothing more.
    online.dispatchEvent(new Event("online"));
    expect(streams).toHaveLength(3);
  });

  it("stops for good when closed", () => {
    streams[0].fail();
    stop();
    vi.advanceTimersByTime(60_000);
    online.dispatchEvent(new Event("online"));
    expect(streams).toHaveLength(1);
  });
});
