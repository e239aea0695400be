/**
 * Admin -> Giving -> Cash and checks (issue 19; decision 0120), for the OWNER and finance
 * holders: the batches with their totals, a new batch with its lines (fund, donor: a member
 * found by name, anonymous, or someone without an account; amount; cash, a check with its
 * number, or a bank transfer to the church's account with its optional reference, decision
 * 0135), a batch's lines and totals, changes while it is open, and Close batch (asked first).
 * The form checks the contract's rules before sending (the server checks them again) and
 * shows each message under its field. Each save carries an Idempotency-Key kept across
 * retries of the same attempt, so a batch is never recorded twice.
 */
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { ArrowLeft, Banknote, Lock, Pencil, Plus, Trash2 } from "lucide-react";
import {
  BANK_REFERENCE_MAX,
  BATCH_DONOR_KINDS,
  BATCH_METHODS,
  CHECK_NUMBER_MAX,
  ZBatchCreate,
  type Batch,
  type BatchDonorKind,
  type BatchLineInput,
  type BatchMethod,
  type BatchPatchInput,
  type DonorMatch,
} from "@contract/giving-batches";
import { formatCents } from "@contract/money";
import { zonedDate } from "@contract/zoned-time";
import { errorText } from "@/lib/api";
import { useChurch } from "@/lib/auth";
import { tr, useI18n } from "@/lib/i18n";
import { calendarDate, shortDate } from "@/lib/format";
import { toast } from "@/components/ui/use-toast";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { QueryState } from "@/components/query-state";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { keepKeyAfter, keyFor, type KeyState } from "./idempotency-key";
import { useBatch, useBatches, useChangeBatch, useCloseBatch, useCreateBatch, useDonorSearch } from "./api";
import { useFunds } from "@/lib/funds";

/** One line as the form holds it (amount as typed, in dollars). */
interface LineDraft {
  key: string;
  /** The line's id (its gift's) when it is already in the batch. */
  id?: string;
  donorKind: BatchDonorKind;
  member: DonorMatch | null;
  guestName: string;
  guestEmail: string;
  /** "" = the church's default fund. */
  fundId: string;
  /** The fund's name when it is no longer open (an archived fund a saved line keeps). */
  fundName?: string;
  amount: string;
  method: BatchMethod;
  checkNumber: string;
  /** A bank transfer's reference ("" = none). */
  reference: string;
}

let keys = 0;
const newLine = (): LineDraft => ({ key: `line-${++keys}`, donorKind: "member", member: null, guestName: "", guestEmail: "", fundId: "", amount: "", method: "cash", checkNumber: "", reference: "" });
/** Dollars as typed ("12.50", "$1,200") to cents; anything else is NaN, which the schema refuses with its message. */
function toCents(s: string) {
  const t = s.replace(/[$,\s]/g, "");
  const n = Number(t);
  return t === "" || !Number.isFinite(n) ? Number.NaN : Math.round(n * 100);
}
function toInput(d: LineDraft): BatchLineInput {
  const donor =
    d.donorKind === "member"
      ? { kind: "member" as const, userId: d.member?.id ?? "" }
      : d.donorKind === "guest"
        ? { kind: "guest" as const, name: d.guestName, email: d.guestEmail }
        : { kind: "anonymous" as const };
  return {
    ...(d.fundId ? { fundId: d.fundId } : {}),
    donor,
    amountCents: toCents(d.amount),
    method: d.method,
    ...(d.method === "check" ? { checkNumber: d.checkNumber } : {}),
    ...(d.method === "bank" && d.reference.trim() ? { reference: d.reference } : {}),
  };
}
function fromLine(l: Batch["lines"][number]): LineDraft {
  return {
    key: l.id,
    id: l.id,
    donorKind: l.donor.kind,
    member: l.donor.kind === "member" ? { id: l.donor.userId, name: l.donor.name, email: l.donor.email } : null,
    guestName: l.donor.kind === "guest" ? l.donor.name : "",
    guestEmail: l.donor.kind === "guest" ? (l.donor.email ?? "") : "",
    fundId: l.fundId,
    fundName: l.fundName,
    amount: (l.amountCents / 100).toFixed(2),
    method: l.method,
    checkNumber: l.checkNumber ?? "",
    reference: l.reference ?? "",
  };
}

/** How a saved line was paid, as the batch shows it: "Cash", "Check #1234", "Bank transfer · REF-1" (a reference is never split). */
function lineMethod(l: Batch["lines"][number], b: { paidCheck: (n: string) => string; methods: Record<BatchMethod, string> }): ReactNode {
  if (l.method === "check" && l.checkNumber) return b.paidCheck(l.checkNumber);
  if (l.method === "bank" && l.reference) {
    return (
      <>
        {b.methods.bank} · <span className="whitespace-nowrap">{l.reference}</span>
      </>
    );
  }
  return b.methods[l.method];
}

/** Who gave a line, as a list shows it. */
function donorLabel(donor: Batch["lines"][number]["donor"], anonymous: string) {
  return donor.kind === "anonymous" ? anonymous : donor.name;
}

/** Buttons that choose one of a few values (the donor kind, the method). */
function Choice<T extends string>({ legend, values, labels, value, onChange, name }: { legend: string; values: readonly T[]; labels: Record<T, string>; value: T; onChange: (v: T) => void; name: string }) {
  return (
    <fieldset className="grid gap-1.5">
      <legend className="mb-1.5 text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-2" data-testid={name}>
        {values.map((v) => (
          <Button key={v} type="button" size="sm" variant={v === value ? "default" : "outline"} aria-pressed={v === value} onClick={() => onChange(v)}>
            {labels[v]}
          </Button>
        ))}
      </div>
    </fieldset>
  );
}

/** Finds a member by name or email; once chosen, shows them with a Change button. */
function MemberPicker({ id, value, onChange, error }: { id: string; value: DonorMatch | null; onChange: (m: DonorMatch | null) => void; error?: string }) {
  const b = useI18n().m.batches;
  const [text, setText] = useState("");
  const [q, setQ] = useState("");
  useEffect(() => {
    const t = setTimeout(() => setQ(text.trim()), 250);
    return () => clearTimeout(t);
  }, [text]);
  const found = useDonorSearch(q);
  if (value) {
    return (
      <div className="flex items-center justify-between gap-2 rounded-md border border-border p-2" data-testid="chosen-member">
        <div className="min-w-0">
          <p className="truncate font-medium">{value.name}</p>
          <p className="truncate text-xs text-muted-foreground">{value.email}</p>
        </div>
        <Button type="button" variant="outline" size="sm" onClick={() => onChange(null)}>
          {b.changeMember}
        </Button>
      </div>
    );
  }
  return (
    <FormField id={id} label={b.searchMember} error={error}>
      <Input id={id} type="search" autoComplete="off" value={text} onChange={(e) => setText(e.target.value)} aria-invalid={!!error} aria-describedby={error ? `${id}-error` : undefined} />
      {q && found.data && (
        <ul className="grid gap-1" data-testid="member-matches">
          {found.data.length === 0 && <li className="text-sm text-muted-foreground">{b.noMembersFound}</li>}
          {found.data.map((m) => (
            <li key={m.id}>
              <Button type="button" variant="ghost" className="h-auto w-full justify-start px-2 py-1.5 text-left" onClick={() => onChange(m)}>
                <span className="grid min-w-0">
                  <span className="truncate">{m.name}</span>
                  <span className="truncate text-xs font-normal text-muted-foreground">{m.email}</span>
                </span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </FormField>
  );
}

function LineEditor({
  line,
  index,
  errors,
  onChange,
  onRemove,
}: {
  line: LineDraft;
  index: number;
  errors: Record<string, string>;
  onChange: (patch: Partial<LineDraft>) => void;
  onRemove?: () => void;
}) {
  const { m, locale } = useI18n();
  const b = m.batches;
  const funds = useFunds(locale).data ?? [];
  const fundOptions = line.fundId && !funds.some((f) => f.id === line.fundId) ? [...funds, { id: line.fundId, name: line.fundName ?? line.fundId }] : funds;
  const at = (field: string) => errors[`lines.${index}.${field}`];
  const id = (field: string) => `${line.key}-${field}`;
  return (
    <li className="grid gap-3 rounded-lg border border-border p-3" data-testid="batch-line-editor" aria-label={b.lineLabel(index + 1)}>
      <div className="flex items-center justify-between">
        <p className="font-semibold">{b.lineLabel(index + 1)}</p>
        {onRemove && (
          <Button type="button" variant="ghost" size="icon" className="text-destructive" aria-label={`${b.removeLine} ${index + 1}`} onClick={onRemove}>
            <Trash2 aria-hidden="true" />
          </Button>
        )}
      </div>
      <Choice legend={b.donor} name="donor-kind" values={BATCH_DONOR_KINDS} labels={b.donorKinds} value={line.donorKind} onChange={(donorKind) => onChange({ donorKind })} />
      {line.donorKind === "member" && <MemberPicker id={id("member")} value={line.member} onChange={(member) => onChange({ member })} error={at("donor.userId")} />}
      {line.donorKind === "guest" && (
        <div className="grid gap-2">
          <FormField id={id("name")} label={b.donorName} error={at("donor.name")}>
            <Input id={id("name")} value={line.guestName} maxLength={100} onChange={(e) => onChange({ guestName: e.target.value })} aria-invalid={!!at("donor.name")} />
          </FormField>
          <FormField id={id("email")} label={b.donorEmail} error={at("donor.email")}>
            <Input id={id("email")} type="email" value={line.guestEmail} onChange={(e) => onChange({ guestEmail: e.target.value })} aria-invalid={!!at("donor.email")} />
          </FormField>
        </div>
      )}
      {fundOptions.length > 1 && (
        <FormField id={id("fund")} label={m.funds.fund} error={at("fundId")}>
          <select
            id={id("fund")}
            value={line.fundId || funds.find((f) => f.isDefault)?.id || ""}
            onChange={(e) => onChange({ fundId: e.target.value })}
            className="min-h-11 w-full rounded-md border border-input bg-card px-3 text-base text-foreground"
          >
            {fundOptions.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </select>
        </FormField>
      )}
      <FormField id={id("amount")} label={b.amount} error={at("amountCents")}>
        <Input id={id("amount")} inputMode="decimal" autoComplete="off" value={line.amount} onChange={(e) => onChange({ amount: e.target.value })} aria-invalid={!!at("amountCents")} />
      </FormField>
      <Choice legend={b.method} name="line-method" values={BATCH_METHODS} labels={b.methods} value={line.method} onChange={(method) => onChange({ method })} />
      {line.method === "check" && (
        <FormField id={id("check")} label={b.checkNumber} error={at("checkNumber")}>
          <Input id={id("check")} inputMode="numeric" autoComplete="off" maxLength={CHECK_NUMBER_MAX} value={line.checkNumber} onChange={(e) => onChange({ checkNumber: e.target.value })} aria-invalid={!!at("checkNumber")} />
        </FormField>
      )}
      {line.method === "bank" && (
        <FormField id={id("reference")} label={b.reference} error={at("reference")}>
          <Input id={id("reference")} autoComplete="off" maxLength={BANK_REFERENCE_MAX} value={line.reference} onChange={(e) => onChange({ reference: e.target.value })} aria-invalid={!!at("reference")} />
        </FormField>
      )}
    </li>
  );
}

/** The contract's messages by field ("lines.0.amountCents"), for the form to show under each. */
function fieldErrors(date: string, note: string, lines: LineDraft[]): Record<string, string> {
  const parsed = ZBatchCreate.safeParse({ date, note, lines: lines.map(toInput) });
  const out: Record<string, string> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) out[issue.path.join(".")] ??= issue.message;
  return out;
}

/** A new batch (no `batch`) or the changes to an open one. */
function BatchForm({ batch, onDone }: { batch?: Batch; onDone: (saved?: Batch) => void }) {
  const { m } = useI18n();
  const b = m.batches;
  const church = useChurch();
  // Today is the church's day (the server refuses a later one), whatever the device's zone.
  const today = zonedDate(church.timeZone, new Date());
  const [date, setDate] = useState(batch?.date ?? today);
  const [note, setNote] = useState(batch?.note ?? "");
  const [lines, setLines] = useState<LineDraft[]>(() => (batch ? batch.lines.map(fromLine) : [newLine()]));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const key = useRef<KeyState | null>(null);
  const config = {
    onSuccess: (saved: Batch) => {
      key.current = null;
      toast({ title: b.batchSaved });
      onDone(saved);
    },
    onError: (err: Error) => {
      if (!keepKeyAfter(err)) key.current = null;
      toast({ title: b.batchNotSaved, description: errorText(err), variant: "destructive" });
    },
  };
  const create = useCreateBatch(config);
  const change = useChangeBatch(batch?.id ?? "", config);
  const pending = create.isPending || change.isPending;
  const cents = lines.map((l) => toCents(l.amount)).filter((c) => Number.isFinite(c) && c > 0);
  const total = cents.reduce((s, c) => s + c, 0);

  function submit(e: FormEvent) {
    e.preventDefault();
    const found = fieldErrors(date, note, lines);
    setErrors(found);
    if (Object.keys(found).length) {
      toast({ title: b.batchNotSaved, description: tr(Object.values(found)[0]), variant: "destructive" });
      return;
    }
    if (!batch) {
      const body = { date, note, lines: lines.map(toInput) };
      key.current = keyFor(key.current, JSON.stringify(body));
      create.mutate({ body, idempotencyKey: key.current.key });
      return;
    }
    const before = new Map(batch.lines.map((l) => [l.id, JSON.stringify(toInput(fromLine(l)))]));
    const kept = new Set(lines.flatMap((l) => (l.id ? [l.id] : [])));
    const body: BatchPatchInput = {
      ...(date !== batch.date ? { date } : {}),
      ...(note !== batch.note ? { note } : {}),
      add: lines.filter((l) => !l.id).map(toInput),
      change: lines.filter((l) => l.id && before.get(l.id) !== JSON.stringify(toInput(l))).map((l) => ({ id: l.id!, ...toInput(l) })),
      remove: batch.lines.filter((l) => !kept.has(l.id)).map((l) => l.id),
    };
    if (body.date === undefined && body.note === undefined && !body.add?.length && !body.change?.length && !body.remove?.length) {
      onDone();
      return;
    }
    key.current = keyFor(key.current, JSON.stringify(body));
    change.mutate({ body, idempotencyKey: key.current.key });
  }

  const set = (i: number, patch: Partial<LineDraft>) => setLines((all) => all.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  return (
    <form noValidate onSubmit={submit} className="grid gap-3" aria-label={batch ? b.saveChanges : b.newBatch} data-testid="batch-form">
      <div className="grid grid-cols-[minmax(0,1fr)] gap-2">
        <FormField id="batch-date" label={b.date} error={errors.date}>
          <Input id="batch-date" type="date" value={date} max={today} onChange={(e) => setDate(e.target.value)} aria-invalid={!!errors.date} />
        </FormField>
        <FormField id="batch-note" label={b.note} error={errors.note}>
          <Input id="batch-note" value={note} maxLength={200} placeholder={b.notePlaceholder} onChange={(e) => setNote(e.target.value)} />
        </FormField>
      </div>
      <ul className="grid gap-3">
        {lines.map((line, i) => (
          <LineEditor
            key={line.key}
            line={line}
            index={i}
            errors={errors}
            onChange={(patch) => set(i, patch)}
            onRemove={lines.length > 1 || batch ? () => setLines((all) => all.filter((_, j) => j !== i)) : undefined}
          />
        ))}
      </ul>
      {errors.lines && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {tr(errors.lines)}
        </p>
      )}
      <Button type="button" variant="outline" onClick={() => setLines((all) => [...all, newLine()])}>
        <Plus aria-hidden="true" /> {b.addLine}
      </Button>
      <p className="flex items-center justify-between rounded-md bg-muted px-3 py-2 font-semibold" data-testid="batch-form-total">
        <span>
          {m.funds.total} · {b.giftCount(cents.length)}
        </span>
        <span>{formatCents(total)}</span>
      </p>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={() => onDone()} disabled={pending}>
          {m.funds.cancel}
        </Button>
        <Button type="submit" disabled={pending}>
          {batch ? b.saveChanges : b.saveBatch}
        </Button>
      </div>
    </form>
  );
}

/** A batch's totals, by method and by fund. */
function BatchTotals({ batch }: { batch: Batch }) {
  const { m } = useI18n();
  const b = m.batches;
  return (
    <div className="grid gap-1 rounded-md bg-muted px-3 py-2 text-sm" data-testid="batch-totals">
      <p className="flex justify-between text-base font-bold">
        <span>
          {m.funds.total} · {b.giftCount(batch.count)}
        </span>
        <span data-testid="batch-total">{formatCents(batch.totalCents)}</span>
      </p>
      <p className="text-muted-foreground">
        <span className="whitespace-nowrap">{b.cashTotal(formatCents(batch.cashCents))}</span> · <span className="whitespace-nowrap">{b.checkTotal(formatCents(batch.checkCents))}</span>
        {batch.bankCents > 0 && (
          <>
            {" · "}
            <span className="whitespace-nowrap">{b.bankTotal(formatCents(batch.bankCents))}</span>
          </>
        )}
      </p>
      {batch.funds.length > 1 &&
        batch.funds.map((f) => (
          <p key={f.fundId} className="flex justify-between">
            <span>{f.fundName}</span>
            <span>{formatCents(f.totalCents)}</span>
          </p>
        ))}
    </div>
  );
}

function BatchDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const { m } = useI18n();
  const b = m.batches;
  const batch = useBatch(id);
  const [editing, setEditing] = useState(false);
  const close = useCloseBatch(id, {
    onSuccess: () => toast({ title: b.batchClosedToast }),
    onError: (err) => toast({ title: b.batchNotClosed, description: errorText(err), variant: "destructive" }),
  });
  return (
    <div className="grid gap-3" data-testid="batch-detail">
      <Button variant="ghost" size="sm" className="justify-self-start" onClick={onBack}>
        <ArrowLeft aria-hidden="true" /> {b.back}
      </Button>
      <QueryState query={batch} loading={<Skeleton className="h-32" />} error={b.batchFailed}>
        {(x) =>
          editing ? (
            <BatchForm batch={x} onDone={() => setEditing(false)} />
          ) : (
            <>
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="text-lg font-semibold">{calendarDate(x.date)}</h3>
                <Badge variant={x.status === "open" ? "outline" : "secondary"} data-testid="batch-status">
                  {x.status === "closed" && <Lock className="size-3" aria-hidden="true" />} {b.statuses[x.status]}
                </Badge>
              </div>
              {x.note && <p className="text-sm text-muted-foreground">{x.note}</p>}
              <BatchTotals batch={x} />
              <ul className="divide-y divide-border">
                {x.lines.map((l) => (
                  <li key={l.id} className="flex items-start justify-between gap-3 py-2" data-testid="batch-line">
                    <div className="min-w-0">
                      <p className="truncate font-medium">{donorLabel(l.donor, b.anonymousDonor)}</p>
                      <p className="text-xs break-words text-muted-foreground">
                        {l.fundName} · {lineMethod(l, b)}
                      </p>
                    </div>
                    <p className="shrink-0 font-semibold">{formatCents(l.amountCents)}</p>
                  </li>
                ))}
              </ul>
              <p className="text-xs text-muted-foreground">
                {b.enteredBy(x.createdBy.name)}
                {x.closedAt && x.closedBy ? ` · ${b.closedOn(shortDate(new Date(x.closedAt)), x.closedBy.name)}` : ""}
              </p>
              {x.status === "open" && (
                <div className="flex flex-wrap justify-end gap-2">
                  <Button variant="outline" onClick={() => setEditing(true)}>
                    <Pencil aria-hidden="true" /> {m.funds.edit}
                  </Button>
                  <ConfirmDialog
                    trigger={
                      <Button disabled={close.isPending || x.count === 0}>
                        <Lock aria-hidden="true" /> {b.closeBatch}
                      </Button>
                    }
                    title={b.closeConfirmTitle}
                    description={b.closeConfirmText(x.count, formatCents(x.totalCents))}
                    confirmLabel={b.closeBatch}
                    onConfirm={() => close.mutate()}
                  />
                </div>
              )}
            </>
          )
        }
      </QueryState>
    </div>
  );
}

function BatchPage({ cursor, onOpen, onMore, first }: { cursor: string | null; onOpen: (id: string) => void; onMore: (next: string) => void; first: boolean }) {
  const { m } = useI18n();
  const b = m.batches;
  const page = useBatches(cursor);
  return (
    <QueryState query={page} loading={<Skeleton className="h-16" />} error={b.batchesFailed}>
      {(p) =>
        !p.batches.length && first ? (
          <p className="text-sm text-muted-foreground">{b.noBatches}</p>
        ) : (
          <>
            <ul className="divide-y divide-border">
              {p.batches.map((x) => (
                <li key={x.id}>
                  <button
                    type="button"
                    className="flex min-h-14 w-full items-center justify-between gap-3 py-2 text-left"
                    onClick={() => onOpen(x.id)}
                    data-testid="batch-row"
                  >
                    <span className="grid min-w-0">
                      <span className="flex items-center gap-2 font-medium">
                        {calendarDate(x.date)}
                        <Badge variant={x.status === "open" ? "outline" : "secondary"}>{b.statuses[x.status]}</Badge>
                      </span>
                      <span className="truncate text-xs text-muted-foreground">{[x.note, b.giftCount(x.count)].filter(Boolean).join(" · ")}</span>
                    </span>
                    <span className="shrink-0 font-semibold">{formatCents(x.totalCents)}</span>
                  </button>
                </li>
              ))}
            </ul>
            {p.nextCursor && (
              <Button variant="outline" size="sm" onClick={() => onMore(p.nextCursor!)}>
                {m.funds.loadMore}
              </Button>
            )}
          </>
        )
      }
    </QueryState>
  );
}

/** Admin -> Giving's Cash and checks card (finance only). */
export function BatchesCard() {
  const b = useI18n().m.batches;
  const [view, setView] = useState<{ kind: "list" } | { kind: "new" } | { kind: "batch"; id: string }>({ kind: "list" });
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  return (
    <Card data-testid="batches-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Banknote className="size-5 text-primary" aria-hidden="true" /> {b.batchesTitle}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {view.kind === "list" && (
          <>
            <p className="text-sm text-muted-foreground">{b.batchesHelp}</p>
            <Button onClick={() => setView({ kind: "new" })}>
              <Plus aria-hidden="true" /> {b.newBatch}
            </Button>
            {cursors.map((c, i) => (
              <BatchPage key={c ?? "first"} cursor={c} first={i === 0} onOpen={(id) => setView({ kind: "batch", id })} onMore={(next) => i === cursors.length - 1 && setCursors([...cursors, next])} />
            ))}
          </>
        )}
        {view.kind === "new" && <BatchForm onDone={(saved) => setView(saved ? { kind: "batch", id: saved.id } : { kind: "list" })} />}
        {view.kind === "batch" && <BatchDetail id={view.id} onBack={() => setView({ kind: "list" })} />}
      </CardContent>
    </Card>
  );
}
