/**
 * Admin → Giving, "Year-end statements" (finance; issue 19, decision 0121): choose a year, send
 * every donor of it their statement (by email, in their language, with the PDF), and watch the
 * run: sent, skipped (no email), failed, still to go. Running a year again sends only to donors
 * who have not had theirs.
 */
import { useState } from "react";
import { FileText, Send } from "lucide-react";
import { errorText } from "@/lib/api";
import { useI18n } from "@/lib/i18n";
import { useChurch } from "@/lib/auth";
import { shortDate } from "@/lib/format";
import { toast } from "@/components/ui/use-toast";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { QueryState } from "@/components/query-state";
import { useStartStatementRun, useStatementRun } from "./api";

/** Years offered: this year and the six before it (the default is last year: statements go out in January). */
const YEARS_BACK = 6;

const selectClass = "min-h-11 w-full rounded-md border border-input bg-card px-3 text-base text-foreground";

export function StatementsCard() {
  const { m } = useI18n();
  const t = m.statements;
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState(thisYear - 1);
  const run = useStatementRun(year);
  const church = useChurch();
  const start = useStartStatementRun({
    onSuccess: () => toast({ title: t.started }),
    onError: (err) => toast({ title: t.runFailed, description: errorText(err), variant: "destructive" }),
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <FileText className="size-5 text-primary" aria-hidden="true" /> {t.title}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-sm text-muted-foreground">{t.help}</p>
        {!church.legalName && <p className="rounded-md border border-dashed border-border p-3 text-sm">{t.legalMissing}</p>}
        <div className="grid gap-1">
          <Label htmlFor="statements-year">{t.year}</Label>
          <select id="statements-year" className={selectClass} value={year} onChange={(e) => setYear(Number(e.target.value))}>
            {Array.from({ length: YEARS_BACK + 1 }, (_, i) => thisYear - i).map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </div>
        <QueryState query={run} loading={<Skeleton className="h-24" />} error={t.loadFailed}>
          {(r) => (
            <div className="grid gap-3" data-testid="statement-run">
              <div className="flex flex-wrap items-center gap-2">
                {r.status === "none" ? (
                  <p className="text-sm text-muted-foreground">{t.notRun}</p>
                ) : (
                  <Badge variant={r.status === "done" ? "success" : "secondary"} data-testid="statement-run-status">
                    {r.status === "done" ? t.done : t.running}
                  </Badge>
                )}
                {r.requestedAt && r.requestedBy && <p className="text-xs text-muted-foreground">{t.lastRun(shortDate(new Date(r.requestedAt)), r.requestedBy)}</p>}
              </div>
              <dl className="grid grid-cols-2 gap-2 text-sm">
                {(
                  [
                    ["donors", t.donors, r.donors],
                    ["sent", t.sent, r.sent],
                    ["skipped", t.skipped, r.skipped],
                    ["failed", t.failed, r.failed],
                    ["remaining", t.remaining, r.remaining],
                  ] as const
                ).map(([key, label, n]) => (
                  <div key={key} className="rounded-md border border-border p-2">
                    <dt className="text-muted-foreground">{label}</dt>
                    <dd className="text-lg font-semibold" data-testid={`statements-${key}`}>
                      {n}
                    </dd>
                  </div>
                ))}
              </dl>
              <ConfirmDialog
                trigger={
                  <Button disabled={start.isPending || r.status === "running" || (r.status !== "none" && r.remaining === 0 && r.failed === 0)}>
                    <Send aria-hidden="true" /> {r.status === "none" ? t.run : t.runAgain}
                  </Button>
                }
                title={t.title}
                description={t.runConfirm(year)}
                confirmLabel={r.status === "none" ? t.run : t.runAgain}
                onConfirm={() => start.mutate(year)}
              />
            </div>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
