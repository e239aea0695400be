/**
 * Admin → Challenges (staff, decision 0108): create and edit a challenge in English and Spanish
 * (title, description, number of days, type), archive it (no new members; members who joined keep
 * their streak and progress) or restore it.
 */
import { useState } from "react";
import { Archive, Pencil, Plus, RotateCcw, Trophy, Users } from "lucide-react";
import { CHALLENGE_TYPES, ZNewChallenge, type AdminChallenge, type NewChallenge } from "@contract/connect";
import { errorText } from "@/lib/api";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { FormField } from "@/components/ui/form-field";
import { toast } from "@/components/ui/use-toast";
import { QueryState, Skeletons } from "@/components/query-state";
import { useI18n } from "@/lib/i18n";
import { useAdminChallenges, useArchiveChallenge, useCreateChallenge, useUpdateChallenge } from "./api";

type Values = { title: string; description: string; titleEs: string; descriptionEs: string; days: string; type: string };
const EMPTY: Values = { title: "", description: "", titleEs: "", descriptionEs: "", days: "7", type: "PRAYER" };

/** Field errors from the contract's schema, by field name. */
function check(v: Values): { ok: true; data: NewChallenge } | { ok: false; errors: Record<string, string> } {
  const parsed = ZNewChallenge.safeParse({ ...v, days: Number(v.days) });
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return { ok: false, errors };
}

function ChallengeForm({ initial, id, onDone }: { initial: Values; id?: string; onDone: () => void }) {
  const { m } = useI18n();
  const t = m.admin.challenges;
  const [v, setV] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const opts = {
    onSuccess: () => {
      toast({ title: id ? m.admin.challengeToasts.saved : m.admin.challengeToasts.created });
      onDone();
    },
    onError: (err: Error) => toast({ title: m.admin.challengeToasts.saveFailed, description: errorText(err), variant: "destructive" as const }),
  };
  const create = useCreateChallenge(opts);
  const update = useUpdateChallenge(id ?? "", opts);
  const pending = create.isPending || update.isPending;
  const prefix = `challenge-${id ?? "new"}`;
  const field = (name: keyof Values) => ({
    id: `${prefix}-${name}`,
    value: v[name],
    "aria-invalid": !!errors[name],
    "aria-describedby": errors[name] ? `${prefix}-${name}-error` : undefined,
    onChange: (e: { target: { value: string } }) => setV({ ...v, [name]: e.target.value }),
  });
  return (
    <form
      noValidate
      className="grid grid-cols-[minmax(0,1fr)] gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        const r = check(v);
        if (!r.ok) return setErrors(r.errors);
        setErrors({});
        if (id) update.mutate(r.data);
        else create.mutate(r.data);
      }}
    >
      <FormField id={`${prefix}-title`} label={t.titleEn} error={errors.title}>
        <Input {...field("title")} />
      </FormField>
      <FormField id={`${prefix}-description`} label={t.descriptionEn} error={errors.description}>
        <Textarea rows={3} {...field("description")} />
      </FormField>
      <FormField id={`${prefix}-titleEs`} label={t.titleEs} error={errors.titleEs}>
        <Input lang="es" {...field("titleEs")} />
      </FormField>
      <FormField id={`${prefix}-descriptionEs`} label={t.descriptionEs} error={errors.descriptionEs}>
        <Textarea lang="es" rows={3} {...field("descriptionEs")} />
      </FormField>
      <div className="grid grid-cols-2 gap-3 [&>*]:min-w-0">
        <FormField id={`${prefix}-days`} label={t.days} error={errors.days}>
          <Input type="number" inputMode="numeric" min={1} max={365} className="min-w-0" {...field("days")} />
        </FormField>
        <FormField id={`${prefix}-type`} label={t.type} error={errors.type}>
          <select {...field("type")} className="min-h-11 w-full min-w-0 rounded-md border border-input bg-card px-3 text-base text-foreground">
            {CHALLENGE_TYPES.map((type) => (
              <option key={type} value={type}>
                {t.types[type]}
              </option>
            ))}
            {!(CHALLENGE_TYPES as readonly string[]).includes(v.type) && <option value={v.type}>{v.type}</option>}
          </select>
        </FormField>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          {t.save}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          {t.cancel}
        </Button>
      </div>
    </form>
  );
}

function ChallengeRow({ c }: { c: AdminChallenge }) {
  const { m } = useI18n();
  const t = m.admin.challenges;
  const [editing, setEditing] = useState(false);
  const archive = useArchiveChallenge(c.id, {
    onSuccess: () => toast({ title: m.admin.challengeToasts.archived }),
    onError: (err) => toast({ title: m.admin.challengeToasts.saveFailed, description: errorText(err), variant: "destructive" }),
  });
  const restore = useUpdateChallenge(c.id, {
    onSuccess: () => toast({ title: m.admin.challengeToasts.restored }),
    onError: (err) => toast({ title: m.admin.challengeToasts.saveFailed, description: errorText(err), variant: "destructive" }),
  });
  return (
    <li data-testid="admin-challenge" className="grid gap-3 py-4 first:pt-0 last:pb-0">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold leading-snug">{c.title}</p>
          <p lang="es" className="text-sm text-muted-foreground">
            {c.titleEs}
          </p>
          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
            <span>{m.connect.days(c.days)}</span>
            <span>{(t.types as Record<string, string>)[c.type] ?? c.type}</span>
            <span className="inline-flex items-center gap-1">
              <Users className="size-4" aria-hidden="true" /> {t.joined(c.members)}
            </span>
          </p>
        </div>
        {c.archived && (
          <Badge variant="outline" className="shrink-0">
            {t.archived}
          </Badge>
        )}
      </div>
      {editing ? (
        <ChallengeForm id={c.id} initial={{ ...c, days: String(c.days) }} onDone={() => setEditing(false)} />
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" /> {t.edit}
          </Button>
          {c.archived ? (
            <Button size="sm" variant="outline" disabled={restore.isPending} onClick={() => restore.mutate({ archived: false })}>
              <RotateCcw aria-hidden="true" /> {t.restore}
            </Button>
          ) : (
            <Button size="sm" variant="outline" disabled={archive.isPending} onClick={() => archive.mutate()}>
              <Archive aria-hidden="true" /> {t.archive}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

export function ChallengesAdminTab() {
  const { m } = useI18n();
  const t = m.admin.challenges;
  const list = useAdminChallenges();
  const [creating, setCreating] = useState(false);
  return (
    <div className="grid gap-4">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Trophy className="size-5 text-primary" aria-hidden="true" /> {m.admin.challengesTab}
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          {creating ? (
            <ChallengeForm initial={EMPTY} onDone={() => setCreating(false)} />
          ) : (
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" /> {t.create}
            </Button>
          )}
          <QueryState query={list} loading={<Skeletons count={2} className="h-20" />} error={t.loadFailed} empty={t.empty}>
            {(rows) => (
              <ul className="grid divide-y divide-border">
                {rows.map((c) => (
                  <ChallengeRow key={c.id} c={c} />
                ))}
              </ul>
            )}
          </QueryState>
        </CardContent>
      </Card>
    </div>
  );
}
