import { useState } from "react";
import { Check, ClipboardList, Mail, Phone, X } from "lucide-react";
import type { Group } from "@contract/groups";
import { errorText } from "@/lib/api";
import { useI18n } from "@/lib/i18n";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/badge";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { toast } from "@/components/ui/use-toast";
import { QueryState, Skeletons } from "@/components/query-state";
import { useDecideRequest, useRoster } from "./api";
import { LoadMore } from "@/components/load-more";

/** A phone the member shares in the directory (E.164, as the directory shows it): tap to call. */
function PhoneLink({ phone }: { phone: string }) {
  return (
    <a href={`tel:${phone}`} className="flex min-w-0 items-center gap-1 text-sm text-muted-foreground hover:underline">
      <Phone className="size-3.5 shrink-0" aria-hidden="true" />
      <span className="truncate">{phone}</span>
    </a>
  );
}

/**
 * A group's members and its requests to join, for the group's leaders (from Connect) and staff
 * (from Admin): names, emails and the phones members share in the directory (a tel: link),
 * Approve and Decline.
 * `defaultOpen`: opened at once (a leader's "Request to Join" notification links to it).
 */
export function RosterDialog({
  group,
  triggerLabel,
  small,
  defaultOpen = false,
}: {
  group: Pick<Group, "id" | "name" | "pendingCount">;
  triggerLabel?: string;
  small?: boolean;
  defaultOpen?: boolean;
}) {
  const { m } = useI18n();
  const t = m.groups;
  const [open, setOpen] = useState(defaultOpen);
  const roster = useRoster(group.id, open);
  // The group and its requests come with the first page; the members, page after page (decision 0125).
  const first = roster.data?.pages[0];
  const data = first && { group: first.group, requests: first.requests, members: roster.data!.pages.flatMap((p) => p.members) };
  const name = group.name || first?.group.name || "";
  const decide = useDecideRequest(group.id, {
    onSuccess: (_r, v) => toast({ title: v.action === "approve" ? t.approved : t.declined }),
    onError: (err) => toast({ title: t.decideFailed, description: errorText(err), variant: "destructive" }),
  });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size={small ? "sm" : undefined}>
          <ClipboardList aria-hidden="true" /> {triggerLabel ?? t.roster}
          {!!group.pendingCount && (
            <Badge className="ml-1 min-w-6 shrink-0 justify-center px-1.5" title={t.waiting(group.pendingCount)}>
              {group.pendingCount}
            </Badge>
          )}
          {/* Which group's roster, for screen readers (the Admin list has one such button per group). */}
          <span className="sr-only">, {name}</span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t.rosterOf(name)}</DialogTitle>
          <DialogDescription>{t.rosterHint}</DialogDescription>
        </DialogHeader>
        <QueryState query={roster} data={data} loading={<Skeletons count={3} className="h-10" />} error={t.rosterFailed} isEmpty={() => false}>
          {(r) => (
            <div className="grid max-h-[60vh] gap-4 overflow-y-auto">
              <section aria-labelledby="requests-heading" className="grid gap-2">
                <h3 id="requests-heading" className="font-semibold">
                  {t.requestsHeading(r.requests.length)}
                </h3>
                {r.requests.length === 0 ? (
                  <p className="text-sm text-muted-foreground">{t.noRequests}</p>
                ) : (
                  <ul className="divide-y divide-border">
                    {r.requests.map((p) => {
                      const name = `${p.firstName} ${p.lastName}`;
                      return (
                        <li key={p.userId} className="grid gap-2 py-2">
                          <div className="min-w-0">
                            <p className="truncate font-medium">{name}</p>
                            <p className="truncate text-sm text-muted-foreground">{p.email}</p>
                            {p.phone && <PhoneLink phone={p.phone} />}
                          </div>
                          <div className="flex gap-2">
                            <Button size="sm" aria-label={t.approveOf(name)} disabled={decide.isPending} onClick={() => decide.mutate({ userId: p.userId, action: "approve" })}>
                              <Check aria-hidden="true" /> {t.approve}
                            </Button>
                            <Button size="sm" variant="outline" aria-label={t.declineOf(name)} disabled={decide.isPending} onClick={() => decide.mutate({ userId: p.userId, action: "decline" })}>
                              <X aria-hidden="true" /> {t.decline}
                            </Button>
                          </div>
                        </li>
                      );
                    })}
                  </ul>
                )}
              </section>
              <section aria-labelledby="members-heading" className="grid gap-2">
                <h3 id="members-heading" className="font-semibold">
                  {t.membersHeading(r.group.memberCount)}
                </h3>
                <ul className="divide-y divide-border" aria-label={t.membersHeading(r.group.memberCount)}>
                  {r.members.map((p) => (
                    <li key={p.userId} className="flex items-center gap-2 py-2">
                      <div className="min-w-0 flex-1">
                        <p className="truncate font-medium">
                          {p.firstName} {p.lastName}
                        </p>
                        <a href={`mailto:${p.email}`} className="flex min-w-0 items-center gap-1 text-sm text-muted-foreground hover:underline">
                          <Mail className="size-3.5 shrink-0" aria-hidden="true" />
                          <span className="truncate">{p.email}</span>
                        </a>
                        {p.phone && <PhoneLink phone={p.phone} />}
                      </div>
                      {p.isLeader && <Badge variant="secondary">{t.leader}</Badge>}
                    </li>
                  ))}
                </ul>
                <LoadMore query={roster} label={t.moreMembers} />
              </section>
            </div>
          )}
        </QueryState>
      </DialogContent>
    </Dialog>
  );
}
