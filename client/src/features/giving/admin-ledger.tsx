/**
 * Admin -> Giving's ledger (issue 19; decisions 0113, 0122): the filters (range in the church's
 * calendar, fund, method; status and donor search for the finance permission), the totals per
 * fund and per week or month (every staff member: no donor), and for the finance permission the
 * gifts with their donors a page at a time (tap a donor for their page) and "Download CSV".
 * The server audits every donor-level read and the export.
 */
import { useEffect, useState } from "react";
import { Link } from "wouter";
import { Download, Undo2 } from "lucide-react";
import { formatCents } from "@contract/money";
import { zonedDate } from "@contract/zoned-time";
import type { PeriodTotal } from "@contract/giving-ledger";
import type { LedgerGift } from "@contract/giving-funds";
import { INTL_LOCALE } from "@contract/i18n/locales";
import { errorText } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { calendarDate, shortDate } from "@/lib/format";
import { useI18n } from "@/lib/i18n";
import { toast } from "@/components/ui/use-toast";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { QueryState } from "@/components/query-state";
import { downloadGivingCsv, useAllFunds, useLedgerPages, useTotalsReport, type LedgerFilters } from "./api";
import { RefundDialog } from "./refund-dialog";
import { RefundLines } from "./refund-lines";

const SELECT = "min-h-11 w-full rounded-md border border-input bg-card px-2 text-base text-foreground";

/** Today and 30 days before, on the church's calendar. */
function defaultRange(timeZone: string) {
  const now = new Date();
  return { from: zonedDate(timeZone, new Date(now.getTime() - 30 * 86_400_000)), to: zonedDate(timeZone, now) };
}

function Filters({ value, onChange, finance, group, onGroup }: { value: LedgerFilters; onChange: (f: LedgerFilters) => void; finance: boolean; group: string; onGroup: (g: string) => void }) {
  const { m, locale } = useI18n();
  const f = m.funds;
  const l = m.ledger;
  const funds = useAllFunds();
  const set = (patch: Partial<LedgerFilters>) => onChange({ ...value, ...patch });
  // The search is sent once typing pauses (each search is a page the server audits).
  const [q, setQ] = useState(value.q);
  useEffect(() => {
    if (q === value.q) return;
    const t = setTimeout(() => onChange({ ...value, q }), 350);
    return () => clearTimeout(t);
  }, [q, value, onChange]);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{l.filtersTitle}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {/* A phone's date field (the date and its calendar button at 16 px) does not fit half the card: one under the other there. */}
        <div className="grid grid-cols-1 gap-2 min-[440px]:grid-cols-2">
          <div className="grid min-w-0 gap-1">
            <Label htmlFor="ledger-from">{f.from}</Label>
            <Input id="ledger-from" type="date" value={value.from} max={value.to} onChange={(e) => e.target.value && set({ from: e.target.value })} />
          </div>
          <div className="grid min-w-0 gap-1">
            <Label htmlFor="ledger-to">{f.to}</Label>
            <Input id="ledger-to" type="date" value={value.to} min={value.from} onChange={(e) => e.target.value && set({ to: e.target.value })} />
          </div>
        </div>
        <div className="grid grid-cols-2 gap-2">
          <div className="grid gap-1">
            <Label htmlFor="ledger-fund">{l.fund}</Label>
            <select id="ledger-fund" className={SELECT} value={value.fundId} onChange={(e) => set({ fundId: e.target.value })}>
              <option value="">{f.allFunds}</option>
              {(funds.data ?? []).map((x) => (
                <option key={x.id} value={x.id}>
                  {locale === "es" && x.name.es ? x.name.es : x.name.en}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-1">
            <Label htmlFor="ledger-method">{l.method}</Label>
            <select id="ledger-method" className={SELECT} value={value.method} onChange={(e) => set({ method: e.target.value })}>
              <option value="">{f.allMethods}</option>
              {Object.entries(f.methods).map(([k, name]) => (
                <option key={k} value={k}>
                  {name}
                </option>
              ))}
            </select>
          </div>
          {finance && (
            <div className="grid gap-1">
              <Label htmlFor="ledger-status">{l.status}</Label>
              <select id="ledger-status" className={SELECT} value={value.status} onChange={(e) => set({ status: e.target.value })}>
                <option value="">{f.allStatuses}</option>
                {Object.entries(l.statuses).map(([k, name]) => (
                  <option key={k} value={k}>
                    {name}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div className="grid gap-1">
            <Label htmlFor="ledger-group">{l.groupBy}</Label>
            <select id="ledger-group" className={SELECT} value={group} onChange={(e) => onGroup(e.target.value)}>
              {Object.entries(l.groups).map(([k, name]) => (
                <option key={k} value={k}>
                  {name}
                </option>
              ))}
            </select>
          </div>
        </div>
        {finance && (
          <div className="grid gap-1">
            <Label htmlFor="ledger-search">{f.searchDonor}</Label>
            <Input id="ledger-search" type="search" value={q} onChange={(e) => setQ(e.target.value)} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function periodLabel(p: PeriodTotal, group: string, locale: "en" | "es", weekOf: (d: string) => string) {
  const [y, mo] = p.start.split("-").map(Number);
  if (group === "month") return new Date(y!, mo! - 1, 1).toLocaleDateString(INTL_LOCALE[locale], { month: "long", year: "numeric" });
  return weekOf(calendarDate(p.start));
}

function TotalsTable({ filters, group, finance }: { filters: LedgerFilters; group: string; finance: boolean }) {
  const { m, locale } = useI18n();
  const f = m.funds;
  const l = m.ledger;
  const totals = useTotalsReport(filters, group);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{f.totalsTitle}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {!finance && <p className="text-sm text-muted-foreground">{f.totalsOnly}</p>}
        <QueryState query={totals} loading={<Skeleton className="h-32" />} error={l.totalsFailed}>
          {(t) => {
            const names = new Map(t.funds.map((x) => [x.fundId, x.fundName]));
            return t.count === 0 ? (
              <p className="text-sm text-muted-foreground">{l.noTotals}</p>
            ) : (
              <>
                <ul className="divide-y divide-border" data-testid="fund-totals">
                  {t.funds.map((x) => (
                    <li key={x.fundId} className="flex items-center justify-between gap-3 py-2">
                      <span className="min-w-0 truncate">{x.fundName}</span>
                      <span className="font-semibold tabular-nums">{formatCents(x.totalCents)}</span>
                    </li>
                  ))}
                  <li className="flex items-center justify-between py-2 font-bold">
                    <span>{f.total}</span>
                    <span className="tabular-nums" data-testid="range-total">
                      {formatCents(t.totalCents)}
                    </span>
                  </li>
                </ul>
                <div className="grid gap-1">
                  <h3 className="text-sm font-semibold">{l.periodTotalsTitle}</h3>
                  <table className="w-full text-sm" data-testid="period-totals">
                    <thead className="sr-only">
                      <tr>
                        <th scope="col">{l.groups[group as "week" | "month"]}</th>
                        <th scope="col">{f.total}</th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-border">
                      {t.periods.map((p) => (
                        <tr key={p.start} className="align-top">
                          <th scope="row" className="py-2 pr-2 text-left font-normal">
                            <span className="block">{periodLabel(p, t.group, locale, l.weekOf)}</span>
                            {p.funds.length > 1 && (
                              <span className="block text-xs text-muted-foreground">
                                {p.funds.map((x) => `${names.get(x.fundId) ?? ""} ${formatCents(x.totalCents)}`).join(" · ")}
                              </span>
                            )}
                          </th>
                          <td className="py-2 text-right">
                            <span className="block font-semibold tabular-nums">{formatCents(p.totalCents)}</span>
                            <span className="block text-xs text-muted-foreground">{l.gifts(p.count)}</span>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </>
            );
          }}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function GiftsList({ filters }: { filters: LedgerFilters }) {
  const { m } = useI18n();
  const f = m.funds;
  const l = m.ledger;
  const pages = useLedgerPages(filters);
  const [downloading, setDownloading] = useState(false);
  const filtered = !!(filters.q || filters.fundId || filters.method || filters.status);
  async function download() {
    setDownloading(true);
    try {
      await downloadGivingCsv({ from: filters.from, to: filters.to });
    } catch (err) {
      toast({ title: l.downloadFailed, description: errorText(err), variant: "destructive" });
    } finally {
      setDownloading(false);
    }
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>{f.ledgerTitle}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="grid gap-1">
          <Button variant="outline" onClick={() => void download()} disabled={downloading}>
            <Download aria-hidden="true" /> {downloading ? l.downloading : l.downloadCsv}
          </Button>
          <p className="text-xs text-muted-foreground">{l.downloadHelp}</p>
        </div>
        <QueryState query={pages} data={pages.data?.pages.flatMap((p) => p.gifts)} loading={<Skeleton className="h-24" />} error={f.ledgerFailed}>
          {(gifts) =>
            gifts.length === 0 ? (
              <p className="text-sm text-muted-foreground">{filtered ? f.noGiftsInRange : f.noGiftsYet}</p>
            ) : (
              <>
                <ul className="divide-y divide-border">
                  {gifts.map((g) => (
                    <LedgerRow key={g.id} gift={g} />
                  ))}
                </ul>
                {pages.hasNextPage && (
                  <Button variant="outline" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
                    {f.loadMore}
                  </Button>
                )}
              </>
            )
          }
        </QueryState>
      </CardContent>
    </Card>
  );
}

/** The ledger's filters, totals and (finance) gifts, together on Admin -> Giving. */
export function GivingLedger({ finance }: { finance: boolean }) {
  const { church } = useAuth();
  const [filters, setFilters] = useState<LedgerFilters>(() => ({ ...defaultRange(church?.timeZone ?? "UTC"), fundId: "", method: "", status: "", q: "" }));
  const [group, setGroup] = useState("week");
  return (
    <>
      <Filters value={filters} onChange={setFilters} finance={finance} group={group} onGroup={setGroup} />
      <TotalsTable filters={filters} group={group} finance={finance} />
      {finance && <GiftsList filters={filters} />}
    </>
  );
}

/**
 * One gift of the ledger: donor (a member's name opens their page; a batch gift without a member
 * shows its name or "Anonymous"), date, fund, method, amount, its refunds, and the Refund action
 * while something is refundable (refund-dialog.tsx; decision 0119).
 */
function LedgerRow({ gift: g }: { gift: LedgerGift }) {
  const { m } = useI18n();
  const f = m.funds;
  const l = m.ledger;
  const r = m.refunds;
  const [refunding, setRefunding] = useState(false);
  const name = g.donor.name || f.anonymous;
  const line = (
    // Wraps rather than cut: "Bank transfer" (decision 0135) and long fund names must stay readable at phone width.
    <span className="block text-xs break-words text-muted-foreground">
      {shortDate(new Date(g.createdAt))} · {g.fundName} · {f.methods[g.method]}
    </span>
  );
  return (
    <li className="grid gap-2 py-2" data-testid="ledger-gift">
      <div className="flex items-start justify-between gap-3">
        {g.donor.id ? (
          // The donor's name and the gift's line together are the target (44 px): tap for the donor's page.
          <Link href={`/admin/giving/donors/${g.donor.id}`} className="group block min-h-11 min-w-0 rounded-sm">
            <span className="block truncate font-medium text-primary underline-offset-2 group-hover:underline">{name}</span>
            {line}
          </Link>
        ) : (
          <div className="min-w-0">
            <span className="block truncate font-medium">{name}</span>
            {line}
          </div>
        )}
        <div className="shrink-0 text-right">
          <p className="font-semibold tabular-nums">{formatCents(g.amountCents)}</p>
          {g.feeCents > 0 && <p className="text-xs text-muted-foreground">{f.feeCovered(formatCents(g.feeCents))}</p>}
          <RefundLines gift={g} testId="ledger-gift" />
          {g.status === "FAILED" && <Badge variant="secondary">{l.statuses.FAILED}</Badge>}
        </div>
      </div>
      {g.status === "COMPLETED" && g.refundableCents > 0 && (
        <div className="flex justify-end">
          <Button variant="outline" size="sm" aria-label={r.refundOf(name)} onClick={() => setRefunding(true)}>
            <Undo2 aria-hidden="true" /> {r.refund}
          </Button>
          <RefundDialog gift={g} open={refunding} onOpenChange={setRefunding} />
        </div>
      )}
    </li>
  );
}
