/**
 * Admin → Journeys (staff, decision 0108): the journeys with their state, and an editor for one:
 * titles and descriptions in English and Spanish, and its days (title, verse reference, verse
 * text and reading in both languages) with add, remove and reorder; publish/unpublish, archive,
 * and a preview of a saved day exactly as members see it. Days members have reached keep their
 * place (the server refuses otherwise): their move and remove buttons are disabled.
 */
import { useState } from "react";
import { ArrowDown, ArrowLeft, ArrowUp, Archive, Eye, Map as MapIcon, Pencil, Plus, Send, Trash2, Undo2, Users } from "lucide-react";
import { ZJourneyDayDraft, ZNewJourney, type AdminJourneyDetail, type JourneyDayText } from "@contract/connect";
import { errorText } from "@/lib/api";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { FormField } from "@/components/ui/form-field";
import { Skeleton } from "@/components/ui/skeleton";
import { Dialog, DialogContent, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/components/ui/use-toast";
import { QueryState, Skeletons } from "@/components/query-state";
import { useI18n } from "@/lib/i18n";
import { useAdminJourney, useAdminJourneys, useCreateJourney, useJourneyPreview, useSaveJourneyDays, useUpdateJourney } from "./api";
import { JourneyDayView } from "./journey-day";

type Lang = "en" | "es";
type DayDraft = { from: number | null; en: JourneyDayText; es: JourneyDayText; key: number };
type Draft = { title: string; titleEs: string; description: string; descriptionEs: string; days: DayDraft[] };

let nextKey = 1;
const blankText = (): JourneyDayText => ({ title: "", verseRef: "", verseText: "", content: "" });
const blankDay = (): DayDraft => ({ from: null, en: blankText(), es: blankText(), key: nextKey++ });
const fromDetail = (d: AdminJourneyDetail): Draft => ({
  title: d.title,
  titleEs: d.titleEs,
  description: d.description,
  descriptionEs: d.descriptionEs,
  days: d.days.map((x) => ({ from: x.day, en: x.en, es: x.es, key: nextKey++ })),
});
const wire = (days: DayDraft[]) => days.map(({ from, en, es }) => ({ from, en, es }));

/** The contract's messages by field path ("title", "days.2.es.content"). */
function check(d: Draft) {
  const parsed = ZNewJourney.safeParse({ ...d, days: wire(d.days) });
  const errors: Record<string, string> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[issue.path.join(".")] ??= issue.message;
  return errors;
}

function PreviewDialog({ id, day, onClose }: { id: string; day: number; onClose: () => void }) {
  const { m } = useI18n();
  const [lang, setLang] = useState<Lang>("en");
  const preview = useJourneyPreview(id, day, lang, true);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{m.admin.journeys.previewOf(day)}</DialogTitle>
        </DialogHeader>
        <div className="flex gap-2" role="group" aria-label={m.admin.journeys.preview}>
          {(["en", "es"] as const).map((l) => (
            <Button key={l} size="sm" variant={lang === l ? "default" : "outline"} aria-pressed={lang === l} onClick={() => setLang(l)}>
              {l === "en" ? m.admin.journeys.english : m.admin.journeys.spanish}
            </Button>
          ))}
        </div>
        <div className="rounded-lg border border-border p-4" data-testid="journey-preview" lang={lang}>
          {preview.isPending ? <Skeleton className="h-28" /> : preview.isError ? <p className="text-muted-foreground">{m.admin.journeys.loadFailed}</p> : <JourneyDayView preview={preview.data} />}
        </div>
      </DialogContent>
    </Dialog>
  );
}

function DayEditor({
  index,
  day,
  count,
  locked,
  errors,
  onChange,
  onMove,
  onRemove,
  onPreview,
}: {
  index: number;
  day: DayDraft;
  count: number;
  locked: number;
  errors: Record<string, string>;
  onChange: (d: DayDraft) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
  onPreview?: () => void;
}) {
  const { m } = useI18n();
  const t = m.admin.journeys;
  const n = index + 1;
  const fixed = n <= locked;
  const text = (lang: Lang, name: keyof JourneyDayText, label: string, long = false) => {
    const id = `day-${day.key}-${lang}-${name}`;
    const error = errors[`days.${index}.${lang}.${name}`];
    const props = {
      id,
      lang,
      value: day[lang][name],
      "aria-invalid": !!error,
      "aria-describedby": error ? `${id}-error` : undefined,
      onChange: (e: { target: { value: string } }) => onChange({ ...day, [lang]: { ...day[lang], [name]: e.target.value } }),
    };
    return (
      <FormField id={id} label={label} error={error}>
        {long ? <Textarea rows={name === "content" ? 5 : 2} {...props} /> : <Input {...props} />}
      </FormField>
    );
  };
  return (
    <li className="grid gap-3 rounded-lg border border-border p-3" data-testid="journey-day">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="font-semibold">{t.day(n)}</h4>
        <div className="flex gap-1">
          {onPreview && (
            <Button type="button" size="icon" variant="ghost" aria-label={`${t.preview}: ${t.day(n)}`} onClick={onPreview}>
              <Eye aria-hidden="true" />
            </Button>
          )}
          <Button type="button" size="icon" variant="ghost" aria-label={t.moveUp(n)} disabled={fixed || n - 1 <= locked || index === 0} onClick={() => onMove(index - 1)}>
            <ArrowUp aria-hidden="true" />
          </Button>
          <Button type="button" size="icon" variant="ghost" aria-label={t.moveDown(n)} disabled={fixed || index === count - 1} onClick={() => onMove(index + 1)}>
            <ArrowDown aria-hidden="true" />
          </Button>
          <Button type="button" size="icon" variant="ghost" aria-label={t.removeDay(n)} disabled={fixed || count === 1} onClick={onRemove}>
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>
      {(["en", "es"] as const).map((lang) => (
        <fieldset key={lang} className="grid grid-cols-[minmax(0,1fr)] gap-3">
          <legend className="mb-2 text-sm font-semibold uppercase tracking-wide text-muted-foreground">{lang === "en" ? t.english : t.spanish}</legend>
          {text(lang, "title", t.dayTitle)}
          {text(lang, "verseRef", t.verseRef)}
          {text(lang, "verseText", t.verseText, true)}
          {text(lang, "content", t.reading, true)}
        </fieldset>
      ))}
    </li>
  );
}

function JourneyEditor({ detail, onBack }: { detail: AdminJourneyDetail | null; onBack: (createdId?: string) => void }) {
  const { m } = useI18n();
  const t = m.admin.journeys;
  const te = m.admin.journeyErrors;
  const [draft, setDraft] = useState<Draft>(() => (detail ? fromDetail(detail) : { title: "", titleEs: "", description: "", descriptionEs: "", days: [blankDay()] }));
  const [saved, setSaved] = useState(() => JSON.stringify(detail ? wire(fromDetail(detail).days) : null));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [previewDay, setPreviewDay] = useState<number | null>(null);
  const id = detail?.id ?? "";
  const locked = detail?.lockedDays ?? 0;
  const failed = (err: Error) => toast({ title: te.saveFailed, description: errorText(err), variant: "destructive" });
  const create = useCreateJourney({ onSuccess: (j) => (toast({ title: te.created }), onBack(j.id)), onError: failed });
  const update = useUpdateJourney(id, { onError: failed });
  const saveDays = useSaveJourneyDays(id, { onError: failed });
  const pending = create.isPending || update.isPending || saveDays.isPending;
  const dirty = JSON.stringify(wire(draft.days)) !== saved;

  const setDays = (days: DayDraft[]) => setDraft({ ...draft, days });
  const submit = async () => {
    const found = check(draft);
    setErrors(found);
    if (Object.keys(found).length) return;
    if (!detail) return create.mutate({ ...draft, days: wire(draft.days) });
    await update.mutateAsync({ title: draft.title, titleEs: draft.titleEs, description: draft.description, descriptionEs: draft.descriptionEs });
    const after = await saveDays.mutateAsync(wire(draft.days).map((d) => ZJourneyDayDraft.parse(d)));
    const next = fromDetail(after);
    setDraft(next);
    setSaved(JSON.stringify(wire(next.days)));
    toast({ title: te.saved });
  };
  const field = (name: "title" | "titleEs" | "description" | "descriptionEs", label: string, long = false) => {
    const fid = `journey-${name}`;
    const props = {
      id: fid,
      lang: name.endsWith("Es") ? "es" : "en",
      value: draft[name],
      "aria-invalid": !!errors[name],
      "aria-describedby": errors[name] ? `${fid}-error` : undefined,
      onChange: (e: { target: { value: string } }) => setDraft({ ...draft, [name]: e.target.value }),
    };
    return (
      <FormField id={fid} label={label} error={errors[name]}>
        {long ? <Textarea rows={2} {...props} /> : <Input {...props} />}
      </FormField>
    );
  };

  return (
    <div className="grid gap-4">
      <Button variant="ghost" className="justify-self-start" onClick={() => onBack()}>
        <ArrowLeft aria-hidden="true" /> {t.back}
      </Button>
      {detail && <JourneyStatus journey={detail} />}
      <Card>
        <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-4 pt-5">
          {field("title", t.titleEn)}
          {field("titleEs", t.titleEs)}
          {field("description", t.descriptionEn, true)}
          {field("descriptionEs", t.descriptionEs, true)}
        </CardContent>
      </Card>
      {locked > 0 && (
        <p className="rounded-lg border border-border bg-muted p-3 text-sm" role="note">
          {t.locked(locked)}
        </p>
      )}
      {errors.days && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errors.days}
        </p>
      )}
      <ol className="grid gap-3">
        {draft.days.map((d, i) => (
          <DayEditor
            key={d.key}
            index={i}
            day={d}
            count={draft.days.length}
            locked={locked}
            errors={errors}
            onChange={(nd) => setDays(draft.days.map((x, j) => (j === i ? nd : x)))}
            onMove={(to) => {
              const days = [...draft.days];
              [days[i], days[to]] = [days[to], days[i]];
              setDays(days);
            }}
            onRemove={() => setDays(draft.days.filter((_, j) => j !== i))}
            onPreview={detail && !dirty ? () => setPreviewDay(i + 1) : undefined}
          />
        ))}
      </ol>
      <Button type="button" variant="outline" onClick={() => setDays([...draft.days, blankDay()])}>
        <Plus aria-hidden="true" /> {t.addDay}
      </Button>
      <Button type="button" disabled={pending} onClick={() => void submit().catch(() => undefined)}>
        {detail ? t.save : t.create}
      </Button>
      {previewDay && detail && <PreviewDialog id={detail.id} day={previewDay} onClose={() => setPreviewDay(null)} />}
    </div>
  );
}

/** The journey's state and its publish, unpublish and archive buttons. */
function JourneyStatus({ journey: j }: { journey: { id: string; published: boolean; archived: boolean; dayCount: number; enrolled: number } }) {
  const { m } = useI18n();
  const t = m.admin.journeys;
  const te = m.admin.journeyErrors;
  const update = useUpdateJourney(j.id, {
    onSuccess: (r, patch) => toast({ title: patch.archived ? te.archived : r.published ? te.published : te.unpublished }),
    onError: (err) => toast({ title: te.saveFailed, description: errorText(err), variant: "destructive" }),
  });
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Badge variant={j.archived ? "outline" : j.published ? "success" : "secondary"}>{j.archived ? t.archived : j.published ? t.published : t.draft}</Badge>
      <span className="text-sm text-muted-foreground">{t.days(j.dayCount)}</span>
      {j.enrolled > 0 && (
        <span className="inline-flex items-center gap-1 text-sm text-muted-foreground">
          <Users className="size-4" aria-hidden="true" /> {t.onIt(j.enrolled)}
        </span>
      )}
      <span className="flex-1" />
      {!j.archived &&
        (j.published ? (
          <Button size="sm" variant="outline" disabled={update.isPending} onClick={() => update.mutate({ published: false })}>
            <Undo2 aria-hidden="true" /> {t.unpublish}
          </Button>
        ) : (
          <Button size="sm" disabled={update.isPending} onClick={() => update.mutate({ published: true })}>
            <Send aria-hidden="true" /> {t.publish}
          </Button>
        ))}
      {!j.archived && (
        <Button size="sm" variant="outline" disabled={update.isPending} onClick={() => update.mutate({ archived: true })}>
          <Archive aria-hidden="true" /> {t.archive}
        </Button>
      )}
    </div>
  );
}

function EditJourney({ id, onBack }: { id: string; onBack: () => void }) {
  const { m } = useI18n();
  const detail = useAdminJourney(id);
  if (detail.isPending) return <Skeleton className="h-64" />;
  if (detail.isError) return <p className="text-muted-foreground">{m.admin.journeys.loadFailed}</p>;
  return <JourneyEditor key={detail.data.id} detail={detail.data} onBack={onBack} />;
}

export function JourneysAdminTab() {
  const { m } = useI18n();
  const t = m.admin.journeys;
  const list = useAdminJourneys();
  const [open, setOpen] = useState<string | "new" | null>(null);
  if (open === "new") return <JourneyEditor detail={null} onBack={(created) => setOpen(created ?? null)} />;
  if (open) return <EditJourney id={open} onBack={() => setOpen(null)} />;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MapIcon className="size-5 text-primary" aria-hidden="true" /> {m.admin.journeysTab}
        </CardTitle>
        <CardDescription>{m.connect.dailyHint}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Button onClick={() => setOpen("new")}>
          <Plus aria-hidden="true" /> {t.create}
        </Button>
        <QueryState query={list} loading={<Skeletons count={2} className="h-20" />} error={t.loadFailed} empty={t.empty}>
          {(rows) => (
            <ul className="grid divide-y divide-border">
              {rows.map((j) => (
                <li key={j.id} data-testid="admin-journey" className="grid gap-2 py-4 first:pt-0 last:pb-0">
                  <div className="min-w-0">
                    <p className="font-semibold leading-snug">{j.title}</p>
                    <p lang="es" className="text-sm text-muted-foreground">
                      {j.titleEs}
                    </p>
                  </div>
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge variant={j.archived ? "outline" : j.published ? "success" : "secondary"}>{j.archived ? t.archived : j.published ? t.published : t.draft}</Badge>
                    <span className="text-sm text-muted-foreground">{t.days(j.dayCount)}</span>
                    {j.enrolled > 0 && <span className="text-sm text-muted-foreground">· {t.onIt(j.enrolled)}</span>}
                    <span className="flex-1" />
                    <Button size="sm" variant="outline" aria-label={`${t.edit}: ${j.title}`} onClick={() => setOpen(j.id)}>
                      <Pencil aria-hidden="true" /> {t.edit}
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
