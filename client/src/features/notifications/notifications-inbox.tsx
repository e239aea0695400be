/**
 * The header's notifications button (spec section 2: "a notifications button") and the inbox it
 * opens: the member's recent notifications, newest first, with an unread badge on the bell,
 * mark-as-read (one, and all), and tapping one opens its page. The live event stream refetches
 * it when notifications of a kind that can reach this member arrive (lib/events.ts). A tap on a
 * push notification (the service worker posts a message) marks it read and routes there too.
 */
import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import { Popover } from "radix-ui";
import { BadgeCheck, Bell, BellOff, CalendarClock, CalendarX, Check, CheckCheck, CreditCard, HeartHandshake, Megaphone, MessageCircleQuestion, Radio, ShieldCheck, UserPlus, Users, type LucideIcon } from "lucide-react";
import { type Notification, type NotificationKind } from "@contract/notifications";
import { formatCommentTime } from "@/lib/format";
import { Button } from "@/components/ui/button";
import { QueryState } from "@/components/query-state";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";
import { tr, useI18n } from "@/lib/i18n";
import { markReadFromPush, useInbox, useMarkAllRead, useMarkRead } from "./api";

const KIND_ICON: Record<NotificationKind, LucideIcon> = {
  serviceStarted: Radio,
  testimonyApproved: BadgeCheck,
  prayerAnswered: HeartHandshake,
  questionToModerate: MessageCircleQuestion,
  testimonyToModerate: ShieldCheck,
  eventReminder: CalendarClock,
  eventCancelled: CalendarX,
  newCardsPaused: CreditCard,
  announcement: Megaphone,
  groupJoinRequest: UserPlus,
  groupRequestAnswered: Users,
};

function InboxItem({ n, onOpen, onMarkRead }: { n: Notification; onOpen: () => void; onMarkRead: () => void }) {
  const { m } = useI18n();
  // Stored in English; shown in the member's language (contract/i18n, area notifications).
  const title = tr(n.title);
  const Icon = KIND_ICON[n.kind] ?? Bell;
  const unread = n.readAt === null;
  return (
    <li data-testid="inbox-item" data-unread={unread ? "true" : "false"} className={cn("flex min-w-0 items-start gap-1 rounded-lg", unread && "bg-primary/5")}>
      <button type="button" onClick={onOpen} className="flex min-h-14 min-w-0 flex-1 items-start gap-3 rounded-lg p-3 text-left hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring">
        <span aria-hidden="true" className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
          <Icon className="size-5" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-center gap-2">
            <span className={cn("truncate", unread ? "font-semibold" : "font-medium")}>{title}</span>
            {unread && (
              <>
                <span aria-hidden="true" className="size-2 shrink-0 rounded-full bg-primary" />
                <span className="sr-only">{m.notifications.unread}</span>
              </>
            )}
          </span>
          {/* An announcement is read here in full (staff's words, line breaks kept); other kinds are one line of news. */}
          <span className={cn("block text-sm text-muted-foreground", n.kind === "announcement" ? "whitespace-pre-line break-words" : "line-clamp-2")}>{tr(n.body)}</span>
          <span className="block text-xs text-muted-foreground">{formatCommentTime(n.createdAt)}</span>
        </span>
      </button>
      {unread && (
        <Button variant="ghost" size="icon" className="mt-1.5 shrink-0 text-muted-foreground" aria-label={`${m.notifications.markRead}: ${title}`} onClick={onMarkRead}>
          <Check aria-hidden="true" />
        </Button>
      )}
    </li>
  );
}

function InboxSkeleton({ label }: { label: string }) {
  return (
    <ul aria-label={label} className="grid gap-2 p-2">
      {[0, 1, 2].map((i) => (
        <li key={i} className="flex gap-3">
          <Skeleton className="size-9 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-3 w-full" />
          </div>
        </li>
      ))}
    </ul>
  );
}

function InboxList({ onNavigate }: { onNavigate: (url: string) => void }) {
  const { m } = useI18n();
  const T = m.notifications;
  const inbox = useInbox();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const items = inbox.data?.pages.flatMap((p) => p.items) ?? [];
  const unread = inbox.data?.pages[0]?.unreadCount ?? 0;

  return (
    <>
      <div className="flex min-h-14 items-center justify-between gap-2 border-b border-border px-4">
        <h2 className="text-lg font-semibold">{T.inboxTitle}</h2>
        {unread > 0 && (
          <Button variant="ghost" size="sm" className="text-primary" onClick={() => markAll.mutate()} disabled={markAll.isPending}>
            <CheckCheck aria-hidden="true" /> {T.markAllRead}
          </Button>
        )}
      </div>
      <div className="max-h-[min(70dvh,32rem)] overflow-y-auto overscroll-contain p-2">
        <QueryState
          query={inbox}
          data={items}
          loading={<InboxSkeleton label={T.loading} />}
          error={T.loadFailed}
          retry={T.retry}
          look="inset"
          empty={
            <div className="grid justify-items-center gap-2 px-6 py-10 text-center">
              <BellOff className="size-8 text-muted-foreground" aria-hidden="true" />
              <p className="font-medium">{T.empty}</p>
              <p className="text-sm text-muted-foreground">{T.emptyHint}</p>
            </div>
          }
        >
          {(list) => (
            <>
              <ul className="grid grid-cols-1 gap-1">
                {list.map((n) => (
                  <InboxItem
                    key={n.id}
                    n={n}
                    onMarkRead={() => markRead.mutate(n.id)}
                    onOpen={() => {
                      if (n.readAt === null) markRead.mutate(n.id);
                      // An announcement may link outside the app (a sign-up form): it opens in a new tab.
                      if (/^https:\/\//.test(n.url)) window.open(n.url, "_blank", "noopener,noreferrer");
                      else onNavigate(n.url);
                    }}
                  />
                ))}
              </ul>
              {inbox.hasNextPage && (
                <Button variant="ghost" className="mt-1 w-full" onClick={() => void inbox.fetchNextPage()} disabled={inbox.isFetchingNextPage}>
                  {T.loadMore}
                </Button>
              )}
            </>
          )}
        </QueryState>
      </div>
    </>
  );
}

/** A tap on a push notification while the app is open: mark it read and go to its page. */
function usePushClicks(navigate: (url: string) => void) {
  useEffect(() => {
    if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
    const onMessage = (e: MessageEvent<{ type?: string; id?: string | null; url?: string }>) => {
      if (e.data?.type !== "notification-click") return;
      if (e.data.id) void markReadFromPush(e.data.id);
      if (e.data.url?.startsWith("/")) navigate(e.data.url);
    };
    navigator.serviceWorker.addEventListener("message", onMessage);
    return () => navigator.serviceWorker.removeEventListener("message", onMessage);
  }, [navigate]);
}

export function NotificationsButton() {
  const { m } = useI18n();
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  const inbox = useInbox();
  const unread = inbox.data?.pages[0]?.unreadCount ?? 0;
  usePushClicks(navigate);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <button
          type="button"
          aria-label={unread ? m.notifications.bellUnread(unread) : m.notifications.bell}
          className="relative inline-flex size-11 items-center justify-center rounded-full hover:bg-muted"
        >
          <Bell className="size-5" aria-hidden="true" />
          {unread > 0 && (
            <span
              data-testid="unread-badge"
              aria-hidden="true"
              className="absolute right-0.5 top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[11px] font-bold leading-none text-destructive-foreground ring-2 ring-card"
            >
              {unread > 9 ? "9+" : unread}
            </span>
          )}
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-label={m.notifications.inboxTitle}
          className="z-50 w-[min(calc(100vw-1rem),25rem)] overflow-hidden rounded-xl border border-border bg-card text-card-foreground shadow-xl"
        >
          <InboxList
            onNavigate={(url) => {
              setOpen(false);
              navigate(url);
            }}
          />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
