import { CalendarDays, Check, Users } from "lucide-react";
import { GROUP_TEXT, type Group } from "@contract/connect";
import { errorText } from "@/lib/api";
import { Card, CardContent } from "@/components/ui/card";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { QueryState } from "@/components/query-state";
import { useI18n } from "@/lib/i18n";
import { useGroups, useJoinGroup, useMyGroups } from "./api";

function GroupCard({ group, isMember }: { group: Group; isMember: boolean }) {
  const t = useI18n().m.connect;
  const join = useJoinGroup(group.id, {
    onSuccess: () => toast({ title: GROUP_TEXT.joined }),
    onError: (err) => toast({ title: GROUP_TEXT.joinFailed, description: errorText(err), variant: "destructive" }),
  });
  return (
    <Card role="group" aria-label={group.name} data-testid="group-card">
      <CardContent className="grid gap-3 pt-5">
        <div>
          <p className="text-lg font-semibold leading-tight">{group.name}</p>
          <p className="mt-1 text-sm text-muted-foreground">{group.description}</p>
        </div>
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays className="size-4 shrink-0" aria-hidden="true" /> {group.meetingInfo}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <Users className="size-4" aria-hidden="true" /> {t.members(group.memberCount)}
          </span>
        </div>
        {isMember ? (
          <Badge variant="success" className="min-h-8 justify-center text-sm">
            <Check className="size-4" aria-hidden="true" /> {t.member}
          </Badge>
        ) : (
          <Button variant="outline" onClick={() => join.mutate()} disabled={join.isPending}>
            {t.join}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

/** Small groups (spec section 2), with real member counts. */
export function GroupsSection() {
  const t = useI18n().m.connect;
  const groups = useGroups();
  const mine = useMyGroups();
  const mineIds = new Set((mine.data ?? []).map((g) => g.id));
  return (
    <section aria-labelledby="groups-heading" className="grid gap-3">
      <h2 id="groups-heading" className="flex items-center gap-2 text-xl font-bold">
        <Users className="size-5 text-primary" aria-hidden="true" /> {t.groups}
      </h2>
      <QueryState query={{ isPending: groups.isPending || mine.isPending, isError: groups.isError || mine.isError }} data={groups.data} loading={<Skeleton className="h-32" />} error={t.groupsFailed} empty={t.noGroups}>
        {(list) => (
          list.map((g) => <GroupCard key={g.id} group={g} isMember={mineIds.has(g.id)} />)
        )}
      </QueryState>
    </section>
  );
}
