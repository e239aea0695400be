import { Link } from "wouter";
import { CheckCircle2, FileText, History, Undo2 } from "lucide-react";
import { formatCents } from "@contract/money";
import { shortDate } from "@/lib/format";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Badge } from "@/components/ui/badge";
import { QueryState, Skeletons } from "@/components/query-state";
import { useGivingHistory } from "./api";
import { tr, useI18n } from "@/lib/i18n";

/**
 * 'Recent Giving' (spec section 2): the latest 5 gifts with amount, date and a status badge;
 * COMPLETED is green with a check. A refunded gift (decision 0119) says "Refunded $x" under its
 * amount and its badge reads Fully refunded or Partly refunded. Each gift says how it was paid
 * (Visa ending 4242, Wallet balance, Cash, Check #0012) in the words of the statement page.
 */
export function RecentGiving() {
  const history = useGivingHistory();
  const { m } = useI18n();
  const t = m.giving;
  const f = m.funds;
  const r = m.refunds;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <History className="size-5 text-primary" aria-hidden="true" /> {t.recentGiving}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <QueryState query={history} loading={<Skeletons count={3} className="h-12" gap="gap-2" />} error={t.loadFailed} empty={t.noGifts}>
          {(gifts) => (
            <ul className="divide-y divide-border">
              {gifts.map((g) => (
                <li key={g.id} data-testid="recent-gift" className="flex min-h-14 items-center justify-between gap-3 py-2">
                  <div>
                    <p className="font-semibold">{formatCents(g.amountCents)}</p>
                    <p className="text-sm text-muted-foreground">
                      {shortDate(new Date(g.createdAt))} · <span data-testid="recent-gift-fund">{g.fundName}</span>
                    </p>
                    {/* How it was paid, in the statement's words (paidWithGift on the server, localized here as the statement page does). */}
                    <p className="text-xs text-muted-foreground" data-testid="recent-gift-method">
                      {tr(g.paidWith)}
                    </p>
                    {g.feeCents > 0 && (
                      <p className="text-xs text-muted-foreground" data-testid="recent-gift-fee">
                        {f.feeCovered(formatCents(g.feeCents))}
                      </p>
                    )}
                    {g.refundedCents > 0 && (
                      <p className="text-sm font-medium text-destructive" data-testid="recent-gift-refund">
                        {r.refunded(formatCents(g.refundedCents))}
                      </p>
                    )}
                  </div>
                  {g.refundedCents > 0 ? (
                    <Badge variant="secondary" className="shrink-0 whitespace-nowrap">
                      <Undo2 className="size-3.5" aria-hidden="true" /> {g.refundedCents >= g.amountCents + g.feeCents ? r.refundedBadge : r.partlyRefundedBadge}
                    </Badge>
                  ) : g.status === "COMPLETED" ? (
                    <Badge variant="success" className="shrink-0 whitespace-nowrap">
                      <CheckCircle2 className="size-3.5" aria-hidden="true" /> {t.giftStatuses[g.status]}
                    </Badge>
                  ) : (
                    <Badge variant="secondary" className="shrink-0 whitespace-nowrap">{t.giftStatuses[g.status]}</Badge>
                  )}
                </li>
              ))}
            </ul>
          )}
        </QueryState>
        <Link
          href={`/giving/statement?year=${new Date().getFullYear()}`}
          className="inline-flex min-h-11 items-center gap-2 font-semibold text-primary underline-offset-4 hover:underline"
        >
          <FileText className="size-4" aria-hidden="true" /> {t.statementLink}
        </Link>
      </CardContent>
    </Card>
  );
}
