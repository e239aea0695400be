import { Link, useLocation, useSearch } from "wouter";
import { ArrowLeft, Printer } from "lucide-react";
import { formatCents } from "@contract/money";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import type { GivingStatement } from "@contract/giving";
import { calendarDate } from "@/lib/format";
import { useGivingStatement } from "./api";
import { currentIntlLocale, tr, useI18n } from "@/lib/i18n";

/** How many past years the year picker offers. */
const YEARS_BACK = 6;

/**
 * The printable year-end giving statement (/giving/statement?year=YYYY). The page fetches
 * GET /api/giving/statement with the bearer token like every call (no token in a URL), and
 * prints on white paper in either theme (print styles in index.css hide the app's header and
 * tab bar).
 */
export default function GivingStatementPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const thisYear = new Date().getFullYear();
  const asked = Number(new URLSearchParams(search).get("year"));
  const year = Number.isInteger(asked) && asked >= 2000 && asked <= thisYear + 1 ? asked : thisYear;
  const statement = useGivingStatement(year);
  const g = useI18n().m.giving;

  return (
    <div className="grid gap-4 print:block">
      <div className="flex flex-wrap items-center gap-2 print:hidden">
        <Button asChild variant="ghost" size="sm" className="-ml-2">
          <Link href="/giving">
            <ArrowLeft aria-hidden="true" /> {g.tabGive}
          </Link>
        </Button>
        <div className="ml-auto flex items-center gap-2">
          <label htmlFor="statement-year" className="sr-only">
            {g.year}
          </label>
          <select
            id="statement-year"
            value={year}
            onChange={(e) => navigate(`/giving/statement?year=${e.target.value}`, { replace: true })}
            className="min-h-11 rounded-md border border-input bg-card px-3 text-base text-foreground"
          >
            {Array.from({ length: YEARS_BACK }, (_, i) => thisYear - i).map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
          <Button onClick={() => window.print()} disabled={!statement.data}>
            <Printer aria-hidden="true" /> {g.statementPrint}
          </Button>
        </div>
      </div>

      {statement.isPending ? (
        <div className="grid gap-3">
          <Skeleton className="h-24" />
          <Skeleton className="h-48" />
        </div>
      ) : statement.isError ? (
        <p role="alert" className="rounded-lg border border-border bg-card p-6 text-center text-muted-foreground">
          {g.loadFailed}
        </p>
      ) : (
        <Statement s={statement.data} />
      )}
    </div>
  );
}

function Statement({ s }: { s: GivingStatement }) {
  const { m } = useI18n();
  const g = m.giving;
  const issued = new Date(s.issuedAt).toLocaleDateString(currentIntlLocale(), { year: "numeric", month: "long", day: "numeric" });
  return (
    <article
      aria-labelledby="statement-title"
      className="grid gap-5 rounded-lg border border-border bg-card p-5 text-card-foreground shadow-sm print:border-0 print:p-0 print:shadow-none"
    >
      <header className="grid gap-1 border-b border-border pb-4">
        <p className="text-lg font-bold">{s.church.name}</p>
        <p className="whitespace-pre-line text-sm text-muted-foreground">{s.church.address}</p>
        {(s.church.phone || s.church.email) && <p className="text-sm text-muted-foreground">{[s.church.phone, s.church.email].filter(Boolean).join(" · ")}</p>}
      </header>

      <div className="grid gap-1">
        <h1 id="statement-title" className="text-2xl font-bold">
          {g.statementHeading(s.year)}
        </h1>
        <p className="text-sm text-muted-foreground">{g.issued(issued)}</p>
      </div>

      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{g.donor}</dt>
        <dd className="font-semibold">{s.donor.name}</dd>
        <dt className="text-muted-foreground">{m.common.email}</dt>
        <dd className="break-all">{s.donor.email}</dd>
        <dt className="text-muted-foreground">{g.period}</dt>
        <dd>{g.periodRange(s.year)}</dd>
      </dl>

      {s.gifts.length === 0 ? (
        <p className="rounded-md bg-muted p-4 text-center text-muted-foreground">{g.statementNoGifts}</p>
      ) : (
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">{g.giftsIn(s.year)}</caption>
          <thead>
            <tr className="border-b border-border text-left text-muted-foreground">
              <th scope="col" className="py-2 pr-2 font-medium">
                {m.email.receipt.date}
              </th>
              <th scope="col" className="py-2 pr-2 font-medium">
                {g.gift}
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                {m.email.receipt.amount}
              </th>
            </tr>
          </thead>
          <tbody>
            {s.gifts.map((gift) => (
              <tr key={gift.id} data-testid="statement-gift" className="border-b border-border align-top">
                <td className="whitespace-nowrap py-2 pr-2">{calendarDate(gift.date)}</td>
                <td className="py-2 pr-2">
                  {tr(gift.kind)}
                  <span className="block text-xs text-muted-foreground">
                    {gift.fund} · {tr(gift.paidWith)}
                  </span>
                </td>
                <td className="whitespace-nowrap py-2 text-right font-medium">
                  {formatCents(gift.amountCents)}
                  {gift.refundedCents > 0 && (
                    <span className="block text-xs font-normal text-destructive" data-testid="statement-gift-refund">
                      {m.refunds.refunded(formatCents(gift.refundedCents))}
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2} className="pt-3 text-left text-base">
                {g.totalContributions}
              </th>
              <td className="pt-3 text-right text-base font-bold" data-testid="statement-total">
                {formatCents(s.totalCents)}
              </td>
            </tr>
          </tfoot>
        </table>
      )}

      <footer className="grid gap-2 border-t border-border pt-4 text-sm">
        <p className="font-medium">{tr(s.noGoodsOrServices)}</p>
        <p className="text-muted-foreground">
          {g.keepStatement(s.year)}
        </p>
      </footer>
    </article>
  );
}
