/**
 * Admin -> Giving (issue 19; decision 0113): the funds members choose from and the processing
 * fee they may cover. OWNER and PASTOR change them; STAFF see them read-only. The page adds the
 * ledger's filters, totals and, for the finance permission, the gifts (admin-ledger.tsx).
 */
import { useState, type FormEvent } from "react";
import { Archive, ArchiveRestore, Pencil, Plus, Star } from "lucide-react";
import type { FundAdmin } from "@contract/giving-funds";
import { coverFeeCents, feeConfigured } from "@contract/giving-fee";
import { formatCents } from "@contract/money";
import { errorText } from "@/lib/api";
import { useI18n } from "@/lib/i18n";
import { toast } from "@/components/ui/use-toast";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { QueryState } from "@/components/query-state";
import { useAllFunds, useChangeFund, useCreateFund, useProcessingFee, useSetProcessingFee } from "./api";

function FundForm({ fund, onDone }: { fund?: FundAdmin; onDone: () => void }) {
  const f = useI18n().m.funds;
  const [en, setEn] = useState(fund?.name.en ?? "");
  const [es, setEs] = useState(fund?.name.es ?? "");
  const [description, setDescription] = useState(fund?.description ?? "");
  const config = {
    onSuccess: () => {
      toast({ title: f.fundSaved });
      onDone();
    },
    onError: (err: Error) => toast({ title: f.fundNotSaved, description: errorText(err), variant: "destructive" as const }),
  };
  const create = useCreateFund(config);
  const change = useChangeFund(config);
  const pending = create.isPending || change.isPending;
  const id = fund?.id ?? "new";
  function submit(e: FormEvent) {
    e.preventDefault();
    const body = { name: { en, es }, description };
    if (fund) change.mutate({ id: fund.id, patch: body });
    else create.mutate(body);
  }
  return (
    <form onSubmit={submit} className="grid gap-2 rounded-lg border border-border p-3" aria-label={fund ? f.edit : f.addFund}>
      <div className="grid grid-cols-2 gap-2">
        <div className="grid gap-1">
          <Label htmlFor={`fund-en-${id}`}>{f.nameEnglish}</Label>
          <Input id={`fund-en-${id}`} value={en} maxLength={60} required onChange={(e) => setEn(e.target.value)} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`fund-es-${id}`}>{f.nameSpanish}</Label>
          <Input id={`fund-es-${id}`} value={es} maxLength={60} onChange={(e) => setEs(e.target.value)} />
        </div>
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`fund-description-${id}`}>{f.description}</Label>
        <Input id={`fund-description-${id}`} value={description} maxLength={300} onChange={(e) => setDescription(e.target.value)} />
      </div>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" size="sm" onClick={onDone} disabled={pending}>
          {f.cancel}
        </Button>
        <Button type="submit" size="sm" disabled={pending || !en.trim()}>
          {f.save}
        </Button>
      </div>
    </form>
  );
}

function FundRow({ fund, canEdit }: { fund: FundAdmin; canEdit: boolean }) {
  const { m, locale } = useI18n();
  const f = m.funds;
  const [editing, setEditing] = useState(false);
  const change = useChangeFund({ onError: (err) => toast({ title: f.fundNotSaved, description: errorText(err), variant: "destructive" }) });
  if (editing) return <FundForm fund={fund} onDone={() => setEditing(false)} />;
  const name = locale === "es" && fund.name.es ? fund.name.es : fund.name.en;
  return (
    <li className="grid gap-2 py-3 first:pt-0 last:pb-0" data-testid="admin-fund">
      <div className="flex flex-wrap items-center gap-2">
        <p className="font-medium">{name}</p>
        {fund.isDefault && <Badge variant="success">{f.defaultBadge}</Badge>}
        {fund.archived && <Badge variant="secondary">{f.archivedBadge}</Badge>}
      </div>
      {fund.description && <p className="text-sm text-muted-foreground">{fund.description}</p>}
      {canEdit && (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" /> {f.edit}
          </Button>
          {!fund.isDefault && !fund.archived && (
            <Button variant="outline" size="sm" disabled={change.isPending} onClick={() => change.mutate({ id: fund.id, patch: { isDefault: true } })}>
              <Star aria-hidden="true" /> {f.makeDefault}
            </Button>
          )}
          {!fund.isDefault && (
            <Button variant="outline" size="sm" disabled={change.isPending} onClick={() => change.mutate({ id: fund.id, patch: { archived: !fund.archived } })}>
              {fund.archived ? <ArchiveRestore aria-hidden="true" /> : <Archive aria-hidden="true" />} {fund.archived ? f.restore : f.archive}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

export function FundsCard({ canEdit }: { canEdit: boolean }) {
  const f = useI18n().m.funds;
  const funds = useAllFunds();
  const [adding, setAdding] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{f.fundsTitle}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-sm text-muted-foreground">{canEdit ? f.fundsHelp : f.readOnlyForStaff}</p>
        <QueryState query={funds} loading={<Skeleton className="h-24" />} error={f.fundsFailed}>
          {(list) => (
            <ul className="divide-y divide-border" aria-label={f.fundsTitle}>
              {list.map((fund) => (
                <FundRow key={fund.id} fund={fund} canEdit={canEdit} />
              ))}
            </ul>
          )}
        </QueryState>
        {canEdit &&
          (adding ? (
            <FundForm onDone={() => setAdding(false)} />
          ) : (
            <Button variant="outline" onClick={() => setAdding(true)}>
              <Plus aria-hidden="true" /> {f.addFund}
            </Button>
          ))}
      </CardContent>
    </Card>
  );
}

/** Percent as typed ("2.9") to basis points, dollars ("0.30") to cents; NaN stays NaN for the server to refuse. */
const toBps = (s: string) => Math.round(Number(s) * 100);
const toCents = (s: string) => Math.round(Number(s) * 100);

function FeeForm({ percentBps, fixedCents, canEdit }: { percentBps: number; fixedCents: number; canEdit: boolean }) {
  const f = useI18n().m.funds;
  const [pct, setPct] = useState(String(percentBps / 100));
  const [fixed, setFixed] = useState((fixedCents / 100).toFixed(2));
  const save = useSetProcessingFee({
    onSuccess: () => toast({ title: f.feeSaved }),
    onError: (err) => toast({ title: f.feeNotSaved, description: errorText(err), variant: "destructive" }),
  });
  const current = { percentBps, fixedCents };
  return (
    <form
      className="grid gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ percentBps: toBps(pct), fixedCents: toCents(fixed) });
      }}
    >
      <div className="grid grid-cols-2 gap-2">
        <div className="grid gap-1">
          <Label htmlFor="fee-percent">{f.feePercent}</Label>
          <Input id="fee-percent" type="number" inputMode="decimal" min={0} max={10} step={0.01} value={pct} disabled={!canEdit} onChange={(e) => setPct(e.target.value)} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="fee-fixed">{f.feeFixed}</Label>
          <Input id="fee-fixed" type="number" inputMode="decimal" min={0} max={5} step={0.01} value={fixed} disabled={!canEdit} onChange={(e) => setFixed(e.target.value)} />
        </div>
      </div>
      <p className="text-sm text-muted-foreground">{feeConfigured(current) ? f.feeExample(formatCents(10000), formatCents(coverFeeCents(10000, current))) : f.feeOff}</p>
      {canEdit && (
        <Button type="submit" disabled={save.isPending}>
          {f.save}
        </Button>
      )}
    </form>
  );
}

export function ProcessingFeeCard({ canEdit }: { canEdit: boolean }) {
  const f = useI18n().m.funds;
  const fee = useProcessingFee();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{f.feeTitle}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-sm text-muted-foreground">{f.feeHelp}</p>
        <QueryState query={fee} loading={<Skeleton className="h-24" />} error={f.fundsFailed}>
          {(v) => <FeeForm key={`${v.percentBps}-${v.fixedCents}`} percentBps={v.percentBps} fixedCents={v.fixedCents} canEdit={canEdit} />}
        </QueryState>
      </CardContent>
    </Card>
  );
}
