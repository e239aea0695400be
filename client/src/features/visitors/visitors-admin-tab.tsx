/**
 * Admin, Visitors (staff): the first-time visitor cards, newest first, with their details and a
 * way to mark each followed up (or undo it after a mis-tap). Cards not yet followed up are
 * counted at the top so the welcome team sees what is waiting.
 */
import { CheckCircle2, Mail, MessageCircleHeart, Phone, RotateCcw, UserPlus } from "lucide-react";
import { VISITOR_HEARD_OPTIONS, type Visitor } from "@contract/visitors";
import { errorText } from "@/lib/api";
import { formatRelativeDate, shortDate } from "@/lib/format";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { QueryState, Skeletons } from "@/components/query-state";
import { LoadMore } from "@/components/load-more";
import { useI18n } from "@/lib/i18n";
import { useMarkFollowedUp, useVisitors } from "./api";

function VisitorCard({ visitor }: { visitor: Visitor }) {
  const { m } = useI18n();
  const t = m.admin.visitors;
  const done = !!visitor.followedUpAt;
  const when = visitor.followedUpAt ? formatRelativeDate(visitor.followedUpAt).toLowerCase() : "";
  // The card stores the option in English; staff read it in their language.
  const heardFrom = (v: string) => ((VISITOR_HEARD_OPTIONS as readonly string[]).includes(v) ? m.visitorForm.heard[v as (typeof VISITOR_HEARD_OPTIONS)[number]] : v);
  const mark = useMarkFollowedUp(visitor.id, {
    onSuccess: (v) => toast({ title: v.followedUpAt ? t.marked : t.unmarked, description: v.name }),
    onError: (err) => toast({ title: t.updateFailed, description: errorText(err), variant: "destructive" }),
  });
  return (
    <li>
      <Card data-testid="visitor-card" className={done ? "opacity-80" : undefined}>
        <CardContent className="grid gap-3 pt-5">
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <h3 className="break-words text-lg font-semibold leading-snug">{visitor.name}</h3>
              <p className="text-sm text-muted-foreground">
                <time dateTime={visitor.createdAt} title={shortDate(new Date(visitor.createdAt))}>
                  {formatRelativeDate(visitor.createdAt)}
                </time>{" "}
                · {heardFrom(visitor.heardFrom)}
              </p>
            </div>
            {done ? (
              <Badge variant="success" className="shrink-0 whitespace-nowrap">
                <CheckCircle2 className="size-3" aria-hidden="true" /> {m.admin.followedUp}
              </Badge>
            ) : (
              <Badge className="shrink-0">{m.admin.newBadge}</Badge>
            )}
          </div>
          <div className="grid gap-1">
            <a href={`mailto:${visitor.email}`} className="flex min-h-11 min-w-0 items-center gap-2 text-primary hover:underline">
              <Mail className="size-5 shrink-0" aria-hidden="true" /> <span className="min-w-0 [overflow-wrap:anywhere]">{visitor.email}</span>
            </a>
            {visitor.phone && (
              <a href={`tel:${visitor.phone.replace(/[^\d+]/g, "")}`} className="flex min-h-11 items-center gap-2 text-primary hover:underline">
                <Phone className="size-5 shrink-0" aria-hidden="true" /> {visitor.phone}
              </a>
            )}
          </div>
          {visitor.prayerRequest && (
            <div className="rounded-md bg-muted p-3">
              <p className="flex items-center gap-1.5 text-sm font-semibold">
                <MessageCircleHeart className="size-4 text-primary" aria-hidden="true" /> {m.admin.prayerRequest}
              </p>
              <p className="mt-1 whitespace-pre-line break-words">{visitor.prayerRequest}</p>
            </div>
          )}
          <div className="flex flex-wrap items-center justify-between gap-2 border-t border-border pt-3">
            {done ? (
              <>
                <p className="text-sm text-muted-foreground">
                  {visitor.followedUpBy ? m.admin.followedUpBy(visitor.followedUpBy, when) : m.admin.followedUpWhen(when)}
                </p>
                <Button variant="ghost" size="sm" disabled={mark.isPending} onClick={() => mark.mutate(false)}>
                  <RotateCcw aria-hidden="true" /> {t.undo}
                </Button>
              </>
            ) : (
              <Button size="sm" className="w-full" disabled={mark.isPending} onClick={() => mark.mutate(true)}>
                <CheckCircle2 aria-hidden="true" /> {t.markFollowedUp}
              </Button>
            )}
          </div>
        </CardContent>
      </Card>
    </li>
  );
}

export function VisitorsTab() {
  const { m } = useI18n();
  const { query: visitors, items, counts } = useVisitors();
  return (
    <section aria-labelledby="visitors-title" className="grid gap-3">
      <Card>
        <CardHeader>
          <CardTitle id="visitors-title" className="flex items-center gap-2">
            <UserPlus className="size-5 text-primary" aria-hidden="true" /> {m.admin.firstTimeVisitors}
          </CardTitle>
          {counts && counts.total > 0 && (
            <p className="text-muted-foreground" data-testid="visitors-summary">
              {counts.waiting === 0 ? m.admin.everyoneFollowedUp : m.admin.waitingForFollowUp(counts.waiting)} · {m.admin.cards(counts.total)}
            </p>
          )}
        </CardHeader>
      </Card>
      <QueryState query={visitors} data={items} loading={<Skeletons count={3} className="h-44" />} error={m.admin.visitors.failed} empty={m.admin.visitors.empty} look="box">
        {(cards) => (
          <div className="grid gap-3">
            <ul className="grid gap-3">
              {cards.map((v) => (
                <VisitorCard key={v.id} visitor={v} />
              ))}
            </ul>
            <LoadMore query={visitors} />
          </div>
        )}
      </QueryState>
    </section>
  );
}
