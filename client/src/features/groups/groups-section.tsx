import { Link, useSearch } from "wouter";
import { CalendarDays, Check, Clock, MapPin, UserRound, Users, Video } from "lucide-react";
import { GROUP_TEXT } from "@contract/connect-text";
import { isStaff } from "@contract/roles";
import type { Group } from "@contract/groups";
import { errorText } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { useI18n } from "@/lib/i18n";
import { Card, CardContent } from "@/components/ui/card";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { QueryState } from "@/components/query-state";
import { useGroups, useJoinGroup, useLeaveGroup } from "./api";
import { meetingWhen } from "@/lib/group-meeting";
import { RosterDialog } from "./roster-dialog";
import { LoadMore } from "@/components/load-more";

/**
 * One group's card (spec: "a card per group with a Join button. After joining it shows Member"):
 * when and where it meets, its leaders, its member count; Join, Ask to join, a pending request
 * (which can be cancelled), Member or Leader with Leave, or Full. A leader opens the roster here;
 * `openRoster` (Connect opened from a "Request to Join" notification, `?group=<id>`) opens it at
 * once, for the group's leader, or for staff when the group has no leader.
 */
function GroupCard({ group, openRoster }: { group: Group; openRoster: boolean }) {
  const { m } = useI18n();
  const { user } = useAuth();
  const t = m.groups;
  const c = m.connect;
  const join = useJoinGroup(group.id, {
    onSuccess: (g) => (g.myStatus === "pending" ? toast({ title: t.requested, description: t.requestedText }) : toast({ title: GROUP_TEXT.joined })),
    onError: (err) => toast({ title: GROUP_TEXT.joinFailed, description: errorText(err), variant: "destructive" }),
  });
  const leave = useLeaveGroup(group.id, {
    onSuccess: () => toast({ title: group.myStatus === "pending" ? t.requestCancelled : t.left }),
    onError: (err) => toast({ title: t.leaveFailed, description: errorText(err), variant: "destructive" }),
  });
  const when = meetingWhen(group);
  const inGroup = group.myStatus === "member" || group.myStatus === "leader";
  const spots = group.capacity !== null ? group.capacity - group.memberCount : null;
  return (
    <Card role="group" aria-label={group.name} data-testid="group-card">
      <CardContent className="grid gap-3 pt-5">
        <div>
          <p className="text-lg font-semibold leading-tight">{group.name}</p>
          <p className="mt-1 whitespace-pre-line text-sm text-muted-foreground">{group.description}</p>
        </div>
        <div className="grid gap-1 text-sm text-muted-foreground">
          {when && (
            <span className="inline-flex items-center gap-1.5">
              <CalendarDays className="size-4 shrink-0" aria-hidden="true" /> {when}
            </span>
          )}
          {group.meetingPlace && (
            <span className="inline-flex items-center gap-1.5">
              <MapPin className="size-4 shrink-0" aria-hidden="true" /> {group.meetingPlace}
            </span>
          )}
          {group.meetingUrl && inGroup && (
            <a href={group.meetingUrl} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1.5 font-medium text-primary hover:underline">
              <Video className="size-4 shrink-0" aria-hidden="true" /> {t.online}
            </a>
          )}
          {group.meetingUrl && !inGroup && (
            <span className="inline-flex items-center gap-1.5">
              <Video className="size-4 shrink-0" aria-hidden="true" /> {t.online}
            </span>
          )}
          {group.leaders.length > 0 && (
            <span className="inline-flex items-center gap-1.5">
              <UserRound className="size-4 shrink-0" aria-hidden="true" /> {t.ledBy(group.leaders.map((l) => `${l.firstName} ${l.lastName}`).join(", "))}
            </span>
          )}
          <span className="inline-flex flex-wrap items-center gap-x-1.5">
            <Users className="size-4 shrink-0" aria-hidden="true" /> {c.members(group.memberCount)}
            {spots !== null && spots > 0 && !inGroup && <span>· {t.spotsLeft(spots)}</span>}
          </span>
        </div>
        {inGroup ? (
          <div className="grid gap-2">
            <Badge variant="success" className="min-h-8 justify-center text-sm">
              <Check className="size-4" aria-hidden="true" /> {group.myStatus === "leader" ? t.leader : c.member}
            </Badge>
            {group.myStatus === "leader" && <RosterDialog group={group} defaultOpen={openRoster} />}
            <ConfirmDialog
              trigger={
                <Button variant="ghost" disabled={leave.isPending}>
                  {t.leave}
                </Button>
              }
              title={t.leave}
              description={t.leaveConfirm(group.name)}
              confirmLabel={t.leave}
              onConfirm={() => leave.mutate()}
            />
          </div>
        ) : group.myStatus === "pending" ? (
          <div className="grid gap-2">
            <Badge variant="secondary" className="min-h-8 justify-center text-sm">
              <Clock className="size-4" aria-hidden="true" /> {t.pending}
            </Badge>
            <Button variant="ghost" onClick={() => leave.mutate()} disabled={leave.isPending}>
              {t.cancelRequest}
            </Button>
          </div>
        ) : group.isFull ? (
          <Badge variant="outline" className="min-h-8 justify-center text-sm">
            {t.full}
          </Badge>
        ) : (
          <Button variant="outline" onClick={() => join.mutate()} disabled={join.isPending}>
            {group.joinPolicy === "ask" ? t.askToJoin : c.join}
          </Button>
        )}
        {openRoster && group.myStatus !== "leader" && isStaff(user?.role) && <RosterDialog group={group} defaultOpen />}
      </CardContent>
    </Card>
  );
}

/** With no groups yet: staff are sent to Admin → Groups, members told groups are coming. */
function NoGroups() {
  const { m } = useI18n();
  const { user } = useAuth();
  const staff = isStaff(user?.role);
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-border bg-card p-6 text-center text-muted-foreground">
      <Users className="size-8" aria-hidden="true" />
      <p>{staff ? m.groups.staffEmpty : m.groups.comingSoon}</p>
      {staff && (
        <Button asChild variant="outline">
          <Link href="/admin?tab=groups">{m.groups.openAdmin}</Link>
        </Button>
      )}
    </div>
  );
}

/**
 * Small groups (spec section 2), with real member counts, leaders and the member's own status,
 * a page at a time ("Load more groups", decision 0125). A linked group (`?group=<id>`) that is
 * not on the pages shown still opens its roster.
 */
export function GroupsSection() {
  const { m } = useI18n();
  const t = m.connect;
  const groups = useGroups();
  const list = groups.data?.pages.flatMap((p) => p.groups);
  const linked = new URLSearchParams(useSearch()).get("group");
  const linkedElsewhere = !!linked && !!list && !list.some((g) => g.id === linked);
  return (
    <section aria-labelledby="groups-heading" className="grid gap-3">
      <h2 id="groups-heading" className="flex items-center gap-2 text-xl font-bold">
        <Users className="size-5 text-primary" aria-hidden="true" /> {t.groups}
      </h2>
      {linkedElsewhere && <RosterDialog group={{ id: linked, name: "", pendingCount: null }} defaultOpen />}
      <QueryState query={groups} data={list} loading={<Skeleton className="h-32" />} error={t.groupsFailed} empty={<NoGroups />}>
        {(shown) => (
          <>
            {shown.map((g) => (
              <GroupCard key={g.id} group={g} openRoster={g.id === linked} />
            ))}
            <LoadMore query={groups} label={m.groups.moreGroups} />
          </>
        )}
      </QueryState>
    </section>
  );
}
