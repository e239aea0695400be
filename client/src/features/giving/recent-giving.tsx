import { Link } from "wouter";
import { CheckCircle2, FileText, History } from "lucide-react";
import { formatCents } from "@contract/money";
import { shortDate } from "@/lib/format";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import { useGivingHistory } from "./api";
import { useI18n } from "@/lib/i18n";

/** 'Recent Giving' (spec section 2): the latest 5 gifts with amount, date and a status badge; COMPLETED is green with a check. */
export function RecentGiving() {
  const history = useGivingHistory();
  const t = useI18n().m.giving;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <History className="size-5 text-primary" aria-hidden="true" /> {t.recentGiving}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {history.isPending ? (
          <div className="grid gap-2">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-12" />
            ))}
          </div>
        ) : history.isError ? (
          <p role="alert" className="text-muted-foreground">
            {t.loadFailed}
          </p>
        ) : history.data.length === 0 ? (
          <p className="text-muted-foreground">{t.noGifts}</p>
        ) : (
          <ul className="divide-y divide-border">
            {history.data.map((g) => (
              <li key={g.id} data-testid="recent-gift" className="flex min-h-14 items-center justify-between gap-3 py-2">
                <div>
                  <p className="font-semibold">{formatCents(g.amountCents)}</p>
                  <p className="text-sm text-muted-foreground">{shortDate(new Date(g.createdAt))}</p>
                </div>
                {g.status === "COMPLETED" ? (
                  <Badge variant="success">
                    <CheckCircle2 className="size-3.5" aria-hidden="true" /> {t.giftStatuses[g.status]}
                  </Badge>
                ) : (
                  <Badge variant="secondary">{t.giftStatuses[g.status]}</Badge>
                )}
              </li>
            ))}
          </ul>
        )}
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
