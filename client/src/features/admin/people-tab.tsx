import { useState } from "react";
import { KeyRound, Search } from "lucide-react";
import { ROLES, type Role } from "@contract/roles";
import type { User } from "@contract/auth";
import { errorText } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { useI18n } from "@/lib/i18n";
import { toast } from "@/components/ui/use-toast";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { QueryState } from "@/components/query-state";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { useChangeRole, usePeople, useResetSecondStep, useSetFinance } from "./api";
import { Switch } from "@/components/ui/switch";
import { StaffTwoStepSwitch } from "./staff-two-step-switch";

function RoleSelect({ user }: { user: User }) {
  const { user: me } = useAuth();
  const { m } = useI18n();
  const change = useChangeRole(user.id, me?.id, {
    onSuccess: (u) => toast({ title: m.admin.roleUpdated, description: m.admin.roleNow(`${u.firstName} ${u.lastName}`, m.admin.roles[u.role]) }),
    onError: (err) => toast({ title: m.admin.roleNotChanged, description: errorText(err), variant: "destructive" }),
  });
  const id = `role-${user.id}`;
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {m.admin.roleOf(`${user.firstName} ${user.lastName}`)}
      </label>
      <select
        id={id}
        className="min-h-11 rounded-md border border-input bg-card px-2 text-sm font-medium text-foreground"
        value={user.role}
        disabled={change.isPending}
        onChange={(e) => change.mutate(e.target.value as Role)}
      >
        {ROLES.map((r) => (
          <option key={r} value={r}>
            {m.admin.roles[r]}
          </option>
        ))}
      </select>
    </>
  );
}

/**
 * A lost second step (decision 0102): the owner removes a member's passkeys and authenticator
 * app after a confirmation; the server signs them out everywhere and emails them. Not on the
 * owner's own row (the server refuses it too: they change theirs on Profile).
 */
function ResetSecondStep({ user }: { user: User }) {
  const { m } = useI18n();
  const T = m.twoStep;
  const name = `${user.firstName} ${user.lastName}`;
  const reset = useResetSecondStep(user.id, {
    onSuccess: () => toast({ title: T.resetDone }),
    onError: (err) => toast({ title: T.resetFailed, description: errorText(err), variant: "destructive" }),
  });
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="icon" aria-label={T.resetSecondStepOf(name)} title={T.resetSecondStep} disabled={reset.isPending}>
          <KeyRound aria-hidden="true" />
        </Button>
      }
      title={T.resetTitle(name)}
      description={T.resetText}
      confirmLabel={T.resetConfirm}
      onConfirm={() => reset.mutate()}
    />
  );
}


/** The finance permission (decision 0113): sees donor-level giving. Always on for an OWNER. */
function FinanceSwitch({ user }: { user: User }) {
  const { user: me } = useAuth();
  const { m } = useI18n();
  const f = m.funds;
  const name = `${user.firstName} ${user.lastName}`;
  const change = useSetFinance(user.id, me?.id, {
    onSuccess: (u) => toast({ title: u.finance ? f.financeGranted(name) : f.financeRevoked(name) }),
    onError: (err) => toast({ title: f.financeNotChanged, description: errorText(err), variant: "destructive" }),
  });
  const id = `finance-${user.id}`;
  return (
    <div className="flex flex-col items-center gap-0.5">
      <Switch id={id} aria-label={f.financeOf(name)} checked={user.finance} disabled={user.role === "OWNER" || change.isPending} onCheckedChange={(v) => change.mutate(v)} />
      <label htmlFor={id} className="text-xs text-muted-foreground" aria-hidden="true">
        {f.financeLabel}
      </label>
    </div>
  );
}

/** People (OWNER only): search members, change their role and the finance permission, reset a lost second step. */
export function PeopleTab() {
  const { m } = useI18n();
  const { user: me } = useAuth();
  const [q, setQ] = useState("");
  const query = q.trim();
  const people = usePeople(query);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{m.admin.people}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <StaffTwoStepSwitch />
        <p className="text-sm text-muted-foreground">{m.funds.financeHelp}</p>
        <div className="grid gap-1.5">
          <Label htmlFor="people-search">{m.admin.searchLabel}</Label>
          <div className="relative">
            <Search className="pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
            <Input id="people-search" type="search" className="pl-10" value={q} onChange={(e) => setQ(e.target.value)} placeholder={m.admin.searchPlaceholder} />
          </div>
        </div>
        <QueryState query={people} loading={<Skeleton className="h-24" />} error={m.admin.peopleFailed} empty={m.admin.noMatches}>
          {(users) => (
            <ul className="divide-y divide-border" aria-label={m.admin.people}>
              {users.map((u) => (
                <li key={u.id} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium">
                      {u.firstName} {u.lastName}
                    </p>
                    <p className="truncate text-sm text-muted-foreground">{u.email}</p>
                  </div>
                  <FinanceSwitch user={u} />
                  <RoleSelect user={u} />
                  {u.id !== me?.id ? <ResetSecondStep user={u} /> : <span className="size-10 shrink-0" aria-hidden="true" />}
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
