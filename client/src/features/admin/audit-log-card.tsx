/** The audit log (OWNER; decision 0113): who saw donor-level giving or changed who may, newest first. */
import { useState } from "react";
import type { AuditAction } from "@contract/giving-funds";
import { useI18n } from "@/lib/i18n";
import { shortDate } from "@/lib/format";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { QueryState } from "@/components/query-state";
import { useAuditLog } from "./api";

function AuditPage({ cursor, onMore }: { cursor: string | null; onMore: (next: string) => void }) {
  const f = useI18n().m.funds;
  const page = useAuditLog(cursor);
  return (
    <QueryState query={page} loading={<Skeleton className="h-16" />} error={f.auditFailed}>
      {(p) =>
        !p.entries.length && !cursor ? (
          <p className="text-sm text-muted-foreground">{f.auditEmpty}</p>
        ) : (
          <>
            <ul className="divide-y divide-border">
              {p.entries.map((e) => (
                <li key={e.id} className="grid gap-0.5 py-2" data-testid="audit-entry">
                  <p className="text-sm font-medium">{f.auditActions[e.action as AuditAction] ?? e.action}</p>
                  <p className="truncate text-xs text-muted-foreground">
                    {shortDate(new Date(e.createdAt))} {new Date(e.createdAt).toLocaleTimeString([], { hour: "numeric", minute: "2-digit" })} · {e.actor.name}
                  </p>
                </li>
              ))}
            </ul>
            {p.nextCursor && (
              <Button variant="outline" size="sm" onClick={() => onMore(p.nextCursor!)}>
                {f.loadMore}
              </Button>
            )}
          </>
        )
      }
    </QueryState>
  );
}

export function AuditLogCard() {
  const f = useI18n().m.funds;
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{f.auditTitle}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2">
        <p className="text-sm text-muted-foreground">{f.auditHelp}</p>
        {cursors.map((c, i) => (
          <AuditPage key={c ?? "first"} cursor={c} onMore={(next) => i === cursors.length - 1 && setCursors([...cursors, next])} />
        ))}
      </CardContent>
    </Card>
  );
}
