import { DollarSign, HandHeart, NotebookPen, Users, Vote, Sparkles, type LucideIcon } from "lucide-react";
import type { ActivityItem, Analytics } from "@contract/admin";
import { formatCommentTime } from "@/lib/format";
import { currentIntlLocale, useI18n } from "@/lib/i18n";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { EmailHealthCard } from "./email-health-card";
import { CardBreakerCard } from "./card-breaker-card";
import { QueryState, Skeletons } from "@/components/query-state";
import { useActivity, useAnalytics } from "./api";

const dollars = (n: number) => n.toLocaleString(currentIntlLocale(), { style: "currency", currency: "USD", maximumFractionDigits: n % 1 ? 2 : 0 });

const TILES: { key: keyof Analytics; label: "activeToday" | "prayersPosted" | "notesCompleted" | "givenThisWeek"; icon: LucideIcon; format?: (n: number) => string }[] = [
  { key: "activeMembers", label: "activeToday", icon: Users },
  { key: "prayersToday", label: "prayersPosted", icon: HandHeart },
  { key: "notesCompleted", label: "notesCompleted", icon: NotebookPen },
  { key: "givingTotal", label: "givenThisWeek", icon: DollarSign, format: dollars },
];

const KIND_ICON: Record<ActivityItem["kind"], LucideIcon> = { prayer: HandHeart, "poll-vote": Vote, testimony: Sparkles };

export function DashboardTab() {
  const { m } = useI18n();
  const stats = useAnalytics();
  const activity = useActivity();
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-5">
      <div className="grid grid-cols-2 gap-3">
        {TILES.map(({ key, label, icon: Icon, format }) => (
          <Card key={key} data-testid={`stat-${key}`}>
            <CardContent className="grid gap-1 pt-4">
              <Icon className="size-5 text-primary" aria-hidden="true" />
              {stats.data ? (
                <p className="text-2xl font-bold tabular-nums">{format ? format(stats.data[key]) : stats.data[key].toLocaleString(currentIntlLocale())}</p>
              ) : stats.isError ? (
                <p className="text-2xl font-bold text-muted-foreground">–</p>
              ) : (
                <Skeleton className="h-8 w-16" />
              )}
              <p className="text-sm text-muted-foreground">{m.admin[label]}</p>
            </CardContent>
          </Card>
        ))}
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{m.admin.recentActivity}</CardTitle>
        </CardHeader>
        <CardContent>
          <QueryState query={activity} loading={<Skeletons count={3} className="h-12" />} error={m.admin.activityFailed} empty={m.admin.noActivity}>
            {(items) => (
              <ul className="divide-y divide-border" aria-label={m.admin.recentActivityList}>
                {items.map((a) => {
                  const Icon = KIND_ICON[a.kind];
                  return (
                    <li key={`${a.kind}-${a.id}`} className="flex items-start gap-3 py-3 first:pt-0 last:pb-0">
                      <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-muted text-primary">
                        <Icon className="size-4" aria-hidden="true" />
                      </span>
                      <div className="min-w-0 flex-1">
                        <p className="font-medium">{m.admin.activity[a.kind]}</p>
                        <p className="line-clamp-2 break-words text-sm text-muted-foreground">{a.detail}</p>
                      </div>
                      <span className="shrink-0 text-xs text-muted-foreground">{formatCommentTime(a.createdAt)}</span>
                    </li>
                  );
                })}
              </ul>
            )}
          </QueryState>
        </CardContent>
      </Card>
      <EmailHealthCard />
      <CardBreakerCard />
    </div>
  );
}
