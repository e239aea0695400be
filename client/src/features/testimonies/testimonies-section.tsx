import { useState, type FormEvent } from "react";
import { HandHeart, MessageSquareQuote } from "lucide-react";
import { TESTIMONY_MAX, ZShareTestimony, type Testimony } from "@contract/testimonies";
import { TESTIMONY_TOAST } from "@contract/connect";
import { errorText } from "@/lib/api";
import { formatRelativeDate } from "@/lib/format";
import { cn } from "@/lib/utils";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { QueryState } from "@/components/query-state";
import { useI18n } from "@/lib/i18n";
import { useAmen, useShareTestimony, useTestimonies } from "./api";

function ShareForm() {
  const t = useI18n().m.connect;
  const [text, setText] = useState("");
  const [error, setError] = useState<string>();
  const share = useShareTestimony({
    onSuccess: () => {
      toast({ title: TESTIMONY_TOAST.shared, description: TESTIMONY_TOAST.sharedDescription });
      setText("");
    },
    onError: (err) => toast({ title: TESTIMONY_TOAST.shareFailed, description: errorText(err), variant: "destructive" }),
  });
  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = ZShareTestimony.safeParse({ text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    share.mutate(parsed.data);
  }
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-3">
      <FormField id="testimony-text" label={t.shareLabel} error={error}>
        <Textarea
          id="testimony-text"
          rows={4}
          maxLength={TESTIMONY_MAX}
          placeholder={t.sharePlaceholder}
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "testimony-text-error" : undefined}
          onChange={(e) => setText(e.target.value)}
        />
      </FormField>
      <Button type="submit" disabled={share.isPending}>
        {share.isPending ? t.sharing : t.share}
      </Button>
    </form>
  );
}

function TestimonyItem({ t }: { t: Testimony }) {
  const c = useI18n().m.connect;
  const amen = useAmen(t.id, {
    onSuccess: () => toast({ title: TESTIMONY_TOAST.amen }),
    onError: (err) => toast({ title: TESTIMONY_TOAST.amenFailed, description: errorText(err), variant: "destructive" }),
  });
  return (
    <li className="grid gap-2 py-4 first:pt-0 last:pb-0" data-testid="testimony">
      <p className="whitespace-pre-line leading-relaxed">{t.text}</p>
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">
          {t.authorName ?? c.churchMember} · {formatRelativeDate(t.createdAt)}
        </p>
        <Button
          variant="ghost"
          size="sm"
          aria-pressed={t.hasAmened}
          className={cn(t.hasAmened && "text-primary")}
          disabled={amen.isPending}
          onClick={() => !t.hasAmened && amen.mutate()}
        >
          <HandHeart aria-hidden="true" /> {c.amen} <span data-testid="amen-count">{t.amenCount}</span>
          <span className="sr-only">{t.amenCount === 1 ? c.amenOne : c.amenMany}</span>
        </Button>
      </div>
    </li>
  );
}

/** Testimonies (spec section 2): approved ones, the share form and amens. */
export function TestimoniesSection() {
  const c = useI18n().m.connect;
  const list = useTestimonies();
  const approved = (list.data ?? []).filter((t) => t.isApproved);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MessageSquareQuote className="size-5 text-primary" aria-hidden="true" /> {c.testimonies}
        </CardTitle>
        <CardDescription>{c.testimoniesHint}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <QueryState query={list} data={approved} loading={<Skeleton className="h-24" />} error={c.testimoniesFailed} empty={c.noTestimonies}>
          {(items) => (
            <ul className="divide-y divide-border" aria-label={c.testimonies}>
              {items.map((t) => (
                <TestimonyItem key={t.id} t={t} />
              ))}
            </ul>
          )}
        </QueryState>
        <ShareForm />
      </CardContent>
    </Card>
  );
}
