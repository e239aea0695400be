/**
 * Admin, Groups (staff; decision 0107): every group with its member count, leaders and waiting
 * requests; create and edit (meeting, capacity, who can join, leaders picked by name), open a
 * group's roster, and archive (members stop seeing it; its history is kept).
 */
import { useState, type FormEvent } from "react";
import { Archive, Pencil, Plus, Search, UserRound, Users, X } from "lucide-react";
import { ZNewGroup, type AdminGroup, type GroupPerson, type JoinPolicy } from "@contract/groups";
import { errorText } from "@/lib/api";
import { useI18n } from "@/lib/i18n";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { FormField } from "@/components/ui/form-field";
import { Dialog, DialogContent, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { toast } from "@/components/ui/use-toast";
import { QueryState, Skeletons } from "@/components/query-state";
import { useAdminGroups, useArchiveGroup, useCreateGroup, usePeopleSearch, useUpdateGroup } from "./api";
import { meetingWhen, weekdayNameOf } from "@/lib/group-meeting";
import { LoadMore } from "@/components/load-more";
import { RosterDialog } from "./roster-dialog";

type Leader = { id: string; firstName: string; lastName: string };
type FormValues = {
  name: string;
  description: string;
  meetingDay: string;
  meetingTime: string;
  meetingPlace: string;
  meetingUrl: string;
  capacity: string;
  joinPolicy: JoinPolicy;
  leaders: Leader[];
};

const EMPTY: FormValues = { name: "", description: "", meetingDay: "", meetingTime: "", meetingPlace: "", meetingUrl: "", capacity: "", joinPolicy: "open", leaders: [] };

const valuesOf = (g: AdminGroup): FormValues => ({
  name: g.name,
  description: g.description,
  meetingDay: g.meetingDay === null ? "" : String(g.meetingDay),
  meetingTime: g.meetingTime ?? "",
  meetingPlace: g.meetingPlace ?? "",
  meetingUrl: g.meetingUrl ?? "",
  capacity: g.capacity === null ? "" : String(g.capacity),
  joinPolicy: g.joinPolicy,
  leaders: g.leaders,
});

/** The body both create and edit send (edit sends every field: the form shows them all). */
const bodyOf = (v: FormValues) => ({
  name: v.name,
  description: v.description,
  meetingDay: v.meetingDay === "" ? null : Number(v.meetingDay),
  meetingTime: v.meetingTime,
  meetingPlace: v.meetingPlace,
  meetingUrl: v.meetingUrl,
  capacity: v.capacity.trim() === "" ? null : Number(v.capacity),
  joinPolicy: v.joinPolicy,
  leaderIds: v.leaders.map((l) => l.id),
});

function LeaderPicker({ leaders, onChange }: { leaders: Leader[]; onChange: (l: Leader[]) => void }) {
  const t = useI18n().m.groups;
  const [q, setQ] = useState("");
  const query = q.trim();
  const people = usePeopleSearch(query);
  const chosen = new Set(leaders.map((l) => l.id));
  const add = (p: GroupPerson) => {
    onChange([...leaders, { id: p.userId, firstName: p.firstName, lastName: p.lastName }]);
    setQ("");
  };
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">{t.leaders}</legend>
      <p className="text-sm text-muted-foreground">{t.leadersHint}</p>
      {leaders.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t.noLeaders}</p>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label={t.leaders}>
          {leaders.map((l) => {
            const name = `${l.firstName} ${l.lastName}`;
            return (
              <li key={l.id}>
                <Badge variant="secondary" className="gap-0 py-0 pl-3 pr-0 text-sm">
                  {name}
                  <Button type="button" variant="ghost" size="icon" className="size-9 rounded-full" aria-label={t.removeLeader(name)} onClick={() => onChange(leaders.filter((x) => x.id !== l.id))}>
                    <X aria-hidden="true" />
                  </Button>
                </Badge>
              </li>
            );
          })}
        </ul>
      )}
      <div className="relative">
        <Search className="pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
        <Input type="search" aria-label={t.searchPeople} placeholder={t.searchPeople} className="pl-10" value={q} onChange={(e) => setQ(e.target.value)} />
      </div>
      {query.length >= 2 && (
        <QueryState query={people} loading={<Skeletons count={2} className="h-9" />} error={t.adminFailed} empty={t.noPeople}>
          {(list) => (
            <ul className="divide-y divide-border rounded-md border border-border">
              {list.map((p) => {
                const name = `${p.firstName} ${p.lastName}`;
                return (
                  <li key={p.userId} className="flex items-center gap-2 px-3 py-1.5">
                    <div className="min-w-0 flex-1">
                      <p className="truncate text-sm font-medium">{name}</p>
                      <p className="truncate text-xs text-muted-foreground">{p.email}</p>
                    </div>
                    <Button type="button" size="sm" variant="outline" disabled={chosen.has(p.userId)} aria-label={t.addLeader(name)} onClick={() => add(p)}>
                      <Plus aria-hidden="true" />
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
        </QueryState>
      )}
    </fieldset>
  );
}

/** Create (no `group`) or edit a group, in a dialog. Checked with the contract's schema first; the server's 400s land on their fields too. */
function GroupForm({ group, onDone }: { group?: AdminGroup; onDone: () => void }) {
  const { m } = useI18n();
  const t = m.groups;
  const [v, setV] = useState<FormValues>(group ? valuesOf(group) : EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const fail = (err: Error) => {
    toast({ title: t.saveFailed, description: errorText(err), variant: "destructive" });
  };
  const create = useCreateGroup({ onSuccess: () => (toast({ title: t.created }), onDone()), onError: fail });
  const update = useUpdateGroup(group?.id ?? "", { onSuccess: () => (toast({ title: t.saved }), onDone()), onError: fail });
  const pending = create.isPending || update.isPending;
  const set = <K extends keyof FormValues>(k: K, value: FormValues[K]) => setV((old) => ({ ...old, [k]: value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = bodyOf(v);
    const checked = ZNewGroup.safeParse(body);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    if (group) update.mutate(body);
    else create.mutate(body);
  };
  const field = (name: keyof FormValues) => ({
    id: `group-${name}`,
    "aria-invalid": !!errors[name],
    "aria-describedby": errors[name] ? `group-${name}-error` : undefined,
  });
  const select = "flex min-h-11 w-full rounded-md border border-input bg-card px-3 py-2 text-base text-foreground";
  return (
    <form noValidate onSubmit={submit} className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <FormField id="group-name" label={t.name} error={errors.name}>
        <Input {...field("name")} value={v.name} onChange={(e) => set("name", e.target.value)} />
      </FormField>
      <FormField id="group-description" label={t.description} error={errors.description}>
        <Textarea rows={3} {...field("description")} value={v.description} onChange={(e) => set("description", e.target.value)} />
      </FormField>
      <div className="grid grid-cols-2 gap-3 [&>*]:min-w-0">
        <FormField id="group-meetingDay" label={t.day} error={errors.meetingDay}>
          <select {...field("meetingDay")} className={select} value={v.meetingDay} onChange={(e) => set("meetingDay", e.target.value)}>
            <option value="">{t.noDay}</option>
            {[0, 1, 2, 3, 4, 5, 6].map((d) => (
              <option key={d} value={d}>
                {weekdayNameOf(d)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="group-meetingTime" label={t.time} error={errors.meetingTime}>
          <Input type="time" className="min-w-0" {...field("meetingTime")} value={v.meetingTime} onChange={(e) => set("meetingTime", e.target.value)} />
        </FormField>
      </div>
      <FormField id="group-meetingPlace" label={t.place} error={errors.meetingPlace}>
        <Input {...field("meetingPlace")} value={v.meetingPlace} onChange={(e) => set("meetingPlace", e.target.value)} />
      </FormField>
      <FormField id="group-meetingUrl" label={t.url} error={errors.meetingUrl}>
        <Input type="url" inputMode="url" placeholder="https://" {...field("meetingUrl")} value={v.meetingUrl} onChange={(e) => set("meetingUrl", e.target.value)} />
      </FormField>
      <FormField id="group-capacity" label={t.capacity} error={errors.capacity}>
        <Input type="number" inputMode="numeric" min={1} {...field("capacity")} value={v.capacity} onChange={(e) => set("capacity", e.target.value)} />
        <p className="text-sm text-muted-foreground">{t.capacityHint}</p>
      </FormField>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{t.policy}</legend>
        {(["open", "ask"] as const).map((p) => (
          <label key={p} className="flex min-h-11 items-center gap-3 rounded-md border border-input px-3">
            <input type="radio" name="joinPolicy" value={p} checked={v.joinPolicy === p} onChange={() => set("joinPolicy", p)} className="size-5 accent-primary" />
            {p === "open" ? t.policyOpen : t.policyAsk}
          </label>
        ))}
      </fieldset>
      <LeaderPicker leaders={v.leaders} onChange={(l) => set("leaders", l)} />
      {errors.leaderIds && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errors.leaderIds}
        </p>
      )}
      <Button type="submit" disabled={pending}>
        {pending ? m.common.saving : group ? t.save : t.create}
      </Button>
    </form>
  );
}

function GroupRow({ group, onEdit }: { group: AdminGroup; onEdit: () => void }) {
  const { m } = useI18n();
  const t = m.groups;
  const archive = useArchiveGroup(group.id, {
    onSuccess: () => toast({ title: t.archived }),
    onError: (err) => toast({ title: t.archiveFailed, description: errorText(err), variant: "destructive" }),
  });
  const when = meetingWhen(group);
  const archived = group.archivedAt !== null;
  return (
    <li data-testid="admin-group" aria-label={group.name} className="grid gap-2 py-4 first:pt-0 last:pb-0">
      <div className="flex items-start gap-2">
        <p className="min-w-0 flex-1 break-words font-semibold leading-snug">{group.name}</p>
        {archived && <Badge variant="outline">{t.archivedBadge}</Badge>}
        {group.joinPolicy === "ask" && !archived && <Badge variant="secondary">{t.askToJoin}</Badge>}
      </div>
      <div className="grid gap-0.5 text-sm text-muted-foreground">
        {(when || group.meetingPlace) && <span>{[when, group.meetingPlace].filter(Boolean).join(" · ")}</span>}
        <span className="inline-flex items-center gap-1.5">
          <Users className="size-4 shrink-0" aria-hidden="true" />
          {m.connect.members(group.memberCount)}
          {group.capacity !== null && ` / ${group.capacity}`}
          {!!group.pendingCount && ` · ${t.waiting(group.pendingCount)}`}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <UserRound className="size-4 shrink-0" aria-hidden="true" />
          {group.leaders.length ? t.ledBy(group.leaders.map((l) => `${l.firstName} ${l.lastName}`).join(", ")) : t.noLeaders}
        </span>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={t.editOf(group.name)}>
          <Pencil aria-hidden="true" /> {t.edit}
        </Button>
        <RosterDialog group={group} triggerLabel={t.rosterShort} small />
        {!archived && (
          <ConfirmDialog
            trigger={
              <Button variant="ghost" size="sm" className="text-destructive" aria-label={t.archiveOf(group.name)} disabled={archive.isPending}>
                <Archive aria-hidden="true" /> {t.archive}
              </Button>
            }
            title={t.archiveOf(group.name)}
            description={t.archiveConfirm}
            confirmLabel={t.archive}
            onConfirm={() => archive.mutate()}
          />
        )}
      </div>
    </li>
  );
}

export function GroupsAdminTab() {
  const { m } = useI18n();
  const t = m.groups;
  const groups = useAdminGroups();
  /** null: closed; "new": the create form; a group: its edit form. */
  const [editing, setEditing] = useState<AdminGroup | "new" | null>(null);
  // Live groups first, archived ones after them (the server's order), a page at a time.
  const sorted = groups.data?.pages.flatMap((p) => p.groups);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Users className="size-5 text-primary" aria-hidden="true" /> {t.tab}
        </CardTitle>
        <CardDescription>{t.adminHint}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Button onClick={() => setEditing("new")}>
          <Plus aria-hidden="true" /> {t.newGroup}
        </Button>
        <QueryState query={groups} data={sorted} loading={<Skeletons count={3} className="h-24" />} error={t.adminFailed} empty={t.adminEmpty} emptyIcon={Users} look="inset">
          {(list) => (
            <>
              <ul className="divide-y divide-border" aria-label={t.tab}>
                {list.map((g) => (
                  <GroupRow key={g.id} group={g} onEdit={() => setEditing(g)} />
                ))}
              </ul>
              <LoadMore query={groups} label={t.moreGroups} />
            </>
          )}
        </QueryState>
      </CardContent>
      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{editing === "new" ? t.newGroup : t.editGroup}</DialogTitle>
          </DialogHeader>
          {editing !== null && <GroupForm key={editing === "new" ? "new" : editing.id} group={editing === "new" ? undefined : editing} onDone={() => setEditing(null)} />}
        </DialogContent>
      </Dialog>
    </Card>
  );
}
