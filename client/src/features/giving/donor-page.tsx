/**
 * A donor's page (/admin/giving/donors/:userId; issue 19, decision 0122), opened by tapping a
 * donor in Admin -> Giving's ledger: totals by year, recurring gifts, and every gift a page at a
 * time. Finance permission only (the server answers 403 otherwise); every view is audited.
 */
import { Link, useParams } from "wouter";
import { ArrowLeft } from "lucide-react";
import { formatCents } from "@contract/money";
import { calendarDate, shortDate } from "@/lib/format";
import { useI18n } from "@/lib/i18n";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { QueryState } from "@/components/query-state";
import { useDonorPages } from "./api";
import { RefundLines } from "./refund-lines";

export default function DonorPage() {
  const { userId = "" } = useParams<{ userId: string }>();
  const { m } = useI18n();
  const f = m.funds;
  const l = m.ledger;
  const pages = useDonorPages(userId);
  const first = pages.data?.pages[0];
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
      <Button asChild variant="ghost" size="sm" className="-ml-2 justify-self-start">
        <Link href="/admin?tab=giving">
          <ArrowLeft aria-hidden="true" /> {l.backToGiving}
        </Link>
      </Button>
      <QueryState query={pages} data={first} loading={<Skeleton className="h-48" />} error={l.donorFailed}>
        {(d) => (
          <>
            <div className="grid gap-1">
              <h1 className="break-words text-2xl font-bold" data-testid="donor-name">
                {d.donor.deleted ? l.deletedMember : d.donor.name || f.anonymous}
              </h1>
              {d.donor.email && <p className="break-all text-sm text-muted-foreground">{d.donor.email}</p>}
              <p className="text-sm text-muted-foreground">{l.memberSince(shortDate(new Date(d.donor.memberSince)))}</p>
              <p className="text-xs text-muted-foreground">{l.donorAudited}</p>
            </div>

            <Card>
              <CardHeader>
                <CardTitle>{l.byYear}</CardTitle>
              </CardHeader>
              <CardContent>
                {d.years.length === 0 ? (
                  <p className="text-sm text-muted-foreground">{l.noDonorGifts}</p>
                ) : (
                  <ul className="divide-y divide-border" data-testid="donor-years">
                    {d.years.map((y) => (
                      <li key={y.year} className="flex items-center justify-between gap-3 py-2">
                        <span>
                          <span className="block font-medium">{y.year}</span>
                          <span className="block text-xs text-muted-foreground">{l.gifts(y.count)}</span>
                        </span>
                        <span className="font-semibold tabular-nums">{formatCents(y.totalCents)}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </CardContent>
            </Card>

            <Card>
              <CardHeader>
                <CardTitle>{l.recurringTitle}</CardTitle>
              </CardHeader>
              <CardContent>
                {d.recurring.length === 0 ? (
                  <p className="text-sm text-muted-foreground">{l.noRecurring}</p>
                ) : (
                  <ul className="divide-y divide-border">
                    {d.recurring.map((r) => (
                      <li key={r.id} className="flex items-start justify-between gap-3 py-2" data-testid="donor-recurring">
                        <div className="min-w-0">
                          <p className="font-medium">
                            {l.frequencies[r.frequency]} · {r.fundName}
                          </p>
                          <p className="text-xs text-muted-foreground">
                            •••• {r.cardLastFour}
                            {r.status === "ACTIVE" && ` · ${l.nextPayment(calendarDate(r.nextPaymentDate))}`}
                          </p>
                        </div>
                        <div className="shrink-0 text-right">
                          <p className="font-semibold tabular-nums">{formatCents(r.amountCents)}</p>
                          <Badge variant={r.status === "ACTIVE" ? "success" : "secondary"}>{l.recurringStatuses[r.status]}</Badge>
                        </div>
                      </li>
                    ))}
                  </ul>
                )}
              </CardContent>
            </Card>

            <Card>
              <CardHeader>
                <CardTitle>{l.giftsTitle}</CardTitle>
              </CardHeader>
              <CardContent className="grid gap-3">
                {d.gifts.length === 0 ? (
                  <p className="text-sm text-muted-foreground">{l.noDonorGifts}</p>
                ) : (
                  <ul className="divide-y divide-border">
                    {pages.data!.pages.flatMap((p) => p.gifts).map((g) => (
                      <li key={g.id} className="flex items-start justify-between gap-3 py-2" data-testid="donor-gift">
                        <div className="min-w-0">
                          <p className="font-medium">{shortDate(new Date(g.createdAt))}</p>
                          <p className="truncate text-xs text-muted-foreground">
                            {g.fundName} · {f.methods[g.method]}
                          </p>
                        </div>
                        <div className="shrink-0 text-right">
                          <p className="font-semibold tabular-nums">{formatCents(g.amountCents)}</p>
                          {g.feeCents > 0 && <p className="text-xs text-muted-foreground">{f.feeCovered(formatCents(g.feeCents))}</p>}
                          <RefundLines gift={g} testId="donor-gift" />
                          {g.status === "FAILED" && <Badge variant="secondary">{l.statuses.FAILED}</Badge>}
                        </div>
                      </li>
                    ))}
                  </ul>
                )}
                {pages.hasNextPage && (
                  <Button variant="outline" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
                    {f.loadMore}
                  </Button>
                )}
              </CardContent>
            </Card>
          </>
        )}
      </QueryState>
    </div>
  );
}
