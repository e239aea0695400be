import type { ReactNode } from "react";
import { Check, Heart, X } from "lucide-react";
import { ADMIN_LIMITS, cut, type Question } from "@contract/services";
import type { Testimony } from "@contract/testimonies";
import { formatCommentTime } from "@/lib/format";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useI18n } from "@/lib/i18n";
import { useModerate, useModeration } from "./use-moderation";

function PendingItem({ kind, item, author }: { kind: "question" | "testimony"; item: Question | Testimony; author?: string }) {
  const { m } = useI18n();
  const moderate = useModerate(kind);
  return (
    <li className="grid gap-2 py-4 first:pt-0 last:pb-0" data-testid={`pending-${kind}`}>
      <p className="leading-relaxed">{item.text}</p>
      <p className="text-sm text-muted-foreground">
        {author && <>{author} · </>}
        {formatCommentTime(item.createdAt)}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" className="flex-1" disabled={moderate.isPending} onClick={() => moderate.mutate({ id: item.id, isApproved: false })}>
          <X aria-hidden="true" /> {m.admin.reject}
        </Button>
        <Button className="flex-1" disabled={moderate.isPending} onClick={() => moderate.mutate({ id: item.id, isApproved: true })}>
          <Check aria-hidden="true" /> {m.admin.approve}
        </Button>
      </div>
    </li>
  );
}

/**
 * One moderation list in its card: pending ones say `empty` when there are none; approved ones
 * (no `empty`) are not shown until there is one, and their list is named by the title.
 */
function ListCard<T>({ title, items, empty, labelled = false, children }: { title: string; items: T[]; empty?: string; labelled?: boolean; children: (item: T) => ReactNode }) {
  if (items.length === 0 && empty === undefined) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <p className="text-muted-foreground">{empty}</p>
        ) : (
          <ul className="divide-y divide-border" aria-label={labelled ? title : undefined}>
            {items.map(children)}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function Count({ n }: { n: number }) {
  const { m } = useI18n();
  return (
    <Badge variant={n ? "default" : "secondary"} aria-label={m.admin.pending(n)}>
      {n}
    </Badge>
  );
}

export function ModerationTab() {
  const { m: text } = useI18n();
  const m = useModeration();
  if (m.isPending) return <Skeleton className="h-40" />;
  return (
    <Tabs defaultValue="questions">
      <TabsList aria-label={text.admin.moderation}>
        <TabsTrigger value="questions">
          {text.admin.questions} <Count n={m.pendingQuestions.length} />
        </TabsTrigger>
        <TabsTrigger value="testimonies">
          {text.admin.testimonies} <Count n={m.pendingTestimonies.length} />
        </TabsTrigger>
      </TabsList>

      <TabsContent value="questions" className="grid gap-5">
        <ListCard title={text.admin.pendingQuestions} items={m.pendingQuestions} empty={text.services.noPendingQuestions}>
          {(q) => <PendingItem key={q.id} kind="question" item={q} author={q.userId ? text.admin.member : text.admin.anonymous} />}
        </ListCard>
        <ListCard title={text.admin.approvedQuestions} items={m.approvedQuestions.slice(0, ADMIN_LIMITS.approvedQuestions)} labelled>
          {(q) => (
            <li key={q.id} className="py-3 first:pt-0 last:pb-0">
              <p>{q.text}</p>
              <p className="text-sm text-muted-foreground">
                {q.userId ? text.admin.member : text.admin.anonymous} · {formatCommentTime(q.createdAt)}
              </p>
            </li>
          )}
        </ListCard>
      </TabsContent>

      <TabsContent value="testimonies" className="grid gap-5">
        <ListCard title={text.admin.pendingTestimonies} items={m.pendingTestimonies} empty={text.services.noPendingTestimonies}>
          {(t) => <PendingItem key={t.id} kind="testimony" item={t} />}
        </ListCard>
        <ListCard title={text.admin.approvedTestimonies} items={m.approvedTestimonies.slice(0, ADMIN_LIMITS.approvedTestimonies)} labelled>
          {(t) => (
            <li key={t.id} className="py-3 first:pt-0 last:pb-0">
              <p>{cut(t.text, ADMIN_LIMITS.testimonyCut)}</p>
              <p className="mt-1 flex items-center gap-1 text-sm text-muted-foreground">
                <Heart className="size-4" aria-hidden="true" /> {text.admin.amens(t.amenCount)} · {formatCommentTime(t.createdAt)}
              </p>
            </li>
          )}
        </ListCard>
      </TabsContent>
    </Tabs>
  );
}

/** The first few waiting items of one kind, each cut short. */
function QueuePreview({ heading, items, limit, empty }: { heading: string; items: { id: string; text: string }[]; limit: number; empty: string }) {
  return (
    <div>
      <p className="mb-1 text-sm font-semibold">{heading}</p>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="grid gap-1 text-sm">
          {items.slice(0, limit).map((item) => (
            <li key={item.id} className="rounded-md bg-muted px-3 py-2">
              {cut(item.text, ADMIN_LIMITS.queueCut)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Live Control's summary of what waits for moderation. */
export function QueueSummary() {
  const { m: text } = useI18n();
  const m = useModeration();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{text.admin.moderationQueue}</CardTitle>
        <CardDescription>
          <span data-testid="pending-questions-count">{m.pendingQuestions.length}</span> {text.admin.questionsAnd}{" "}
          <span data-testid="pending-testimonies-count">{m.pendingTestimonies.length}</span> {text.admin.testimoniesWaiting}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <QueuePreview heading={text.admin.questionsCount(m.pendingQuestions.length)} items={m.pendingQuestions} limit={ADMIN_LIMITS.previewQuestions} empty={text.services.noPendingQuestions} />
        <QueuePreview heading={text.admin.testimoniesCount(m.pendingTestimonies.length)} items={m.pendingTestimonies} limit={ADMIN_LIMITS.previewTestimonies} empty={text.services.noPendingTestimonies} />
      </CardContent>
    </Card>
  );
}
