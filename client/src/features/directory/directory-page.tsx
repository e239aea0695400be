import { useDeferredValue, useState } from "react";
import { ArrowLeft, Mail, Phone, Search } from "lucide-react";
import { Link } from "wouter";
import type { DirectoryEntry } from "@contract/directory";
import { isStaff } from "@contract/roles";
import { Card, CardContent } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Button } from "@/components/ui/button";
import { Skeletons } from "@/components/query-state";
import { Avatar } from "@/components/avatar";
import { useAuth } from "@/lib/auth";
import { useI18n } from "@/lib/i18n";
import { useDirectorySearch } from "./api";

function MemberRow({ entry }: { entry: DirectoryEntry }) {
  const { m } = useI18n();
  const t = m.directory;
  return (
    <li data-testid="directory-entry">
      <Card>
        <CardContent className="flex items-start gap-4 pt-5">
          {/* The shared avatar: a photo URL needs the member's token, so it is fetched, not put in an <img> (decision 0115). */}
          <Avatar user={entry} className="size-12" />
          <div className="min-w-0 flex-1">
            <p className="font-semibold">
              {entry.firstName} {entry.lastName}
            </p>
            {entry.role && (
              <p className="text-sm text-muted-foreground">
                {m.admin.roles[entry.role]}
                {entry.listed === false && ` · ${t.notListed}`}
              </p>
            )}
            {entry.email && (
              <a href={`mailto:${entry.email}`} className="flex min-h-11 items-center gap-2 break-all text-primary">
                <Mail className="size-4 shrink-0" aria-hidden="true" /> {entry.email}
              </a>
            )}
            {entry.phone && (
              <a href={`tel:${entry.phone}`} className="flex min-h-11 items-center gap-2 text-primary">
                <Phone className="size-4 shrink-0" aria-hidden="true" /> {entry.phone}
              </a>
            )}
          </div>
        </CardContent>
      </Card>
    </li>
  );
}

/** Connect → Directory (issue 20, decision 0118): members who chose to be listed, searched by name. */
export default function DirectoryPage() {
  const { m } = useI18n();
  const t = m.directory;
  const { user } = useAuth();
  const staff = isStaff(user?.role);
  const [q, setQ] = useState("");
  const query = useDeferredValue(q.trim());
  const search = useDirectorySearch(query);
  const members = search.data?.pages.flatMap((p) => p.members) ?? [];
  return (
    <div className="grid gap-4">
      <Link href="/connect" className="inline-flex min-h-11 items-center gap-2 text-sm font-medium text-muted-foreground">
        <ArrowLeft className="size-4" aria-hidden="true" /> {m.connect.title}
      </Link>
      <h1 className="text-2xl font-bold">{t.title}</h1>
      {staff && <p className="text-sm text-muted-foreground">{t.staffNote}</p>}
      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
        <Input type="search" aria-label={t.searchLabel} placeholder={t.searchPlaceholder} value={q} onChange={(e) => setQ(e.target.value)} className="pl-9" maxLength={100} />
      </div>
      {search.isPending ? (
        <Skeletons count={4} className="h-20 rounded-lg" />
      ) : search.isError ? (
        <div className="rounded-lg border border-border bg-card p-6 text-center text-muted-foreground">
          <p>{t.loadFailed}</p>
          <Button variant="outline" className="mt-3" onClick={() => void search.refetch()}>
            {t.retry}
          </Button>
        </div>
      ) : members.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border bg-card p-6 text-center text-muted-foreground">
          {query ? t.noMatch(query) : staff ? t.emptyStaff : t.empty}
        </p>
      ) : (
        <ul className="grid gap-3" aria-label={t.title}>
          {members.map((e) => (
            <MemberRow key={e.id} entry={e} />
          ))}
        </ul>
      )}
      {search.hasNextPage && (
        <Button variant="outline" disabled={search.isFetchingNextPage} onClick={() => void search.fetchNextPage()}>
          {t.loadMore}
        </Button>
      )}
    </div>
  );
}
