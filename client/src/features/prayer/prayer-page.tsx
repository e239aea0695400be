import { useState, type FormEvent } from "react";
import { Link, useSearch } from "wouter";
import { AlertTriangle, CheckCircle2, EyeOff, HandHeart, HeartHandshake, MessageCircleHeart, Sparkles } from "lucide-react";
import {
  DEFAULT_PRAYER_CATEGORY,
  PRAYER_CATEGORIES,
  PRAYER_TEXT,
  PRAYER_DESCRIPTION_MAX,
  PRAYER_TITLE_MAX,
  isPrayerComplete,
  type Prayer,
  type PrayerCategory,
} from "@contract/prayer";
import { isStaff } from "@contract/roles";
import { CONNECTION_TEXTS } from "@contract/connection";
import { errorText, isNetworkError } from "@/lib/api";
import { draftKey, readDraft, writeDraft } from "@/lib/draft";
import { markOwnEvent } from "@/lib/events";
import { useAuth } from "@/lib/auth";
import { formatRelativeDate } from "@/lib/format";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { Badge } from "@/components/ui/badge";
import { toast } from "@/components/ui/use-toast";
import { QueryState, Skeletons } from "@/components/query-state";
import { useI18n } from "@/lib/i18n";
import { usePrayerAction, usePrayers, useSubmitPrayer } from "./api";

const EMPTY = { title: "", description: "", category: DEFAULT_PRAYER_CATEGORY as PrayerCategory, isAnonymous: false, isUrgent: false, shareWithCareTeam: false };

type PrayerDraft = typeof EMPTY;

function PrayerForm({ userId }: { userId: string }) {
  const { m } = useI18n();
  const key = draftKey(userId, "prayer-request");
  // The Prayer Companion's "Turn this into a prayer request" prefills title and description;
  // otherwise the member's unsent draft (issue 9: a dropped connection never loses a request).
  const search = useSearch();
  const [form, setFormState] = useState<PrayerDraft>(() => {
    const q = new URLSearchParams(search);
    if (q.get("title") || q.get("description"))
      return { ...EMPTY, title: (q.get("title") ?? "").slice(0, PRAYER_TITLE_MAX), description: (q.get("description") ?? "").slice(0, PRAYER_DESCRIPTION_MAX) };
    return { ...EMPTY, ...readDraft<Partial<PrayerDraft>>(key) };
  });
  const setForm = (next: PrayerDraft) => {
    setFormState(next);
    writeDraft(key, next.title.trim() || next.description.trim() ? next : null);
  };
  const [offlineFailure, setOfflineFailure] = useState(false);
  const submit = useSubmitPrayer({
    onMutate: () => setOfflineFailure(false),
    onSuccess: (res, data) => {
      markOwnEvent("new-prayer", { prayerId: res.id, isUrgent: data.isUrgent ?? false });
      toast({ title: PRAYER_TEXT.submitted, description: PRAYER_TEXT.submittedText });
      setForm(EMPTY);
    },
    // The form keeps what was typed on any failure; a dropped connection says so plainly.
    onError: (err) => {
      if (isNetworkError(err)) {
        setOfflineFailure(true);
        toast({ title: CONNECTION_TEXTS.textKept, variant: "destructive" });
        return;
      }
      toast({ title: PRAYER_TEXT.errorTitle, description: errorText(err) ?? PRAYER_TEXT.failed, variant: "destructive" });
    },
  });

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!isPrayerComplete(form)) {
      toast({ title: PRAYER_TEXT.missingTitle, description: PRAYER_TEXT.missingText, variant: "destructive" });
      return;
    }
    submit.mutate(form);
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <HeartHandshake className="size-5 text-primary" aria-hidden="true" /> {m.prayer.shareRequest}
        </CardTitle>
        <CardDescription>{m.prayer.standWithYou}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <div className="grid gap-1.5">
            <Label htmlFor="prayer-title">{m.prayer.title}</Label>
            <Input id="prayer-title" maxLength={PRAYER_TITLE_MAX} placeholder={m.prayer.titlePlaceholder} value={form.title} onChange={(e) => setForm({ ...form, title: e.target.value })} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="prayer-description">{m.prayer.description}</Label>
            <Textarea id="prayer-description" rows={4} placeholder={m.prayer.descriptionPlaceholder} value={form.description} onChange={(e) => setForm({ ...form, description: e.target.value })} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="prayer-category">{m.prayer.category}</Label>
            <select
              id="prayer-category"
              value={form.category}
              onChange={(e) => setForm({ ...form, category: e.target.value as PrayerCategory })}
              className="min-h-11 w-full rounded-md border border-input bg-card px-3 text-base text-foreground"
            >
              {PRAYER_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {m.prayer.categories[c]}
                </option>
              ))}
            </select>
          </div>
          <div className="flex min-h-11 items-center gap-3">
            {/* Anonymous requests never go to the care team's CRM (they would carry the name): turning anonymous on turns sharing off. */}
            <Checkbox
              id="prayer-anonymous"
              checked={form.isAnonymous}
              onCheckedChange={(v) => setForm({ ...form, isAnonymous: v === true, shareWithCareTeam: v === true ? false : form.shareWithCareTeam })}
            />
            <Label htmlFor="prayer-anonymous" className="text-base">
              {m.prayer.shareAnonymously}
            </Label>
          </div>
          <div className="flex min-h-11 items-center gap-3">
            <Checkbox id="prayer-urgent" checked={form.isUrgent} onCheckedChange={(v) => setForm({ ...form, isUrgent: v === true })} />
            <Label htmlFor="prayer-urgent" className="text-base">
              {m.prayer.urgent}
            </Label>
          </div>
          <div className="flex min-h-11 items-start gap-3">
            <Checkbox
              id="prayer-care-team"
              className="mt-0.5"
              checked={form.shareWithCareTeam}
              disabled={form.isAnonymous}
              aria-describedby="prayer-care-team-hint"
              onCheckedChange={(v) => setForm({ ...form, shareWithCareTeam: v === true })}
            />
            <div className={form.isAnonymous ? "grid gap-0.5 opacity-60" : "grid gap-0.5"}>
              <Label htmlFor="prayer-care-team" className="text-base">
                {m.prayer.shareWithCareTeam}
              </Label>
              <p id="prayer-care-team-hint" className="text-sm text-muted-foreground">
                {m.prayer.shareWithCareTeamHint}
              </p>
            </div>
          </div>
          <Button type="submit" size="lg" disabled={submit.isPending}>
            <HandHeart aria-hidden="true" /> {submit.isPending ? m.prayer.submitting : m.prayer.submit}
          </Button>
          {/* Stays until the next try (the toast, which screen readers announce, goes away). */}
          {offlineFailure && (
            <p data-testid="kept-text" className="text-sm font-medium text-destructive">
              {m.connection.textKept}
            </p>
          )}
        </form>
      </CardContent>
    </Card>
  );
}

function PrayerCard({ prayer, staff }: { prayer: Prayer; staff: boolean }) {
  const { m } = useI18n();
  const failed = { onError: (err: Error) => toast({ title: PRAYER_TEXT.errorTitle, description: errorText(err), variant: "destructive" }) };
  const pray = usePrayerAction(prayer.id, "pray", failed);
  const answered = usePrayerAction(prayer.id, "answered", failed);
  const hide = usePrayerAction(prayer.id, "hide", failed);
  return (
    <li>
      <Card data-testid="prayer-card">
        <CardContent className="grid gap-3 pt-5">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="secondary">{m.prayer.categories[prayer.category] ?? prayer.category}</Badge>
            {staff && prayer.isUrgent && (
              <Badge className="bg-destructive text-destructive-foreground">
                <AlertTriangle className="size-3" aria-hidden="true" /> {m.prayer.urgentBadge}
              </Badge>
            )}
            {prayer.isAnswered && (
              <Badge variant="success">
                <CheckCircle2 className="size-3" aria-hidden="true" /> {m.prayer.answeredBadge}
              </Badge>
            )}
          </div>
          <div>
            <h3 className="text-lg font-semibold leading-snug">{prayer.title}</h3>
            <p className="mt-1 whitespace-pre-line text-muted-foreground">{prayer.description}</p>
          </div>
          <p className="text-sm text-muted-foreground">
            {prayer.authorName ?? m.prayer.anonymous} · {formatRelativeDate(prayer.createdAt)}
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <Button variant={prayer.hasPrayed ? "secondary" : "outline"} size="sm" disabled={prayer.hasPrayed || pray.isPending} onClick={() => pray.mutate()}>
              <HandHeart aria-hidden="true" /> {prayer.hasPrayed ? m.prayer.prayed : m.prayer.iPrayed}
            </Button>
            <span className="text-sm text-muted-foreground" data-testid="prayed-count">
              {m.prayer.prayedCount(prayer.prayedCount)}
            </span>
          </div>
          {(prayer.isMine && !prayer.isAnswered) || staff ? (
            <div className="flex flex-wrap gap-2 border-t border-border pt-3">
              {prayer.isMine && !prayer.isAnswered && (
                <Button variant="ghost" size="sm" disabled={answered.isPending} onClick={() => answered.mutate()}>
                  <CheckCircle2 aria-hidden="true" /> {m.prayer.markAnswered}
                </Button>
              )}
              {staff && (
                <Button variant="ghost" size="sm" className="text-destructive" disabled={hide.isPending} onClick={() => hide.mutate()}>
                  <EyeOff aria-hidden="true" /> {m.prayer.hide}
                </Button>
              )}
            </div>
          ) : null}
        </CardContent>
      </Card>
    </li>
  );
}

function PrayerWall() {
  const { m } = useI18n();
  const { user } = useAuth();
  const staff = isStaff(user?.role);
  const prayers = usePrayers();
  return (
    <section aria-labelledby="wall-title" className="grid gap-3">
      <h2 id="wall-title" className="text-xl font-bold">
        {m.prayer.wall}
      </h2>
      <QueryState query={prayers} loading={<Skeletons count={3} className="h-36" />} error={m.prayer.loadFailed} empty={m.prayer.empty} look="box">
        {(list) => (
          <ul className="grid gap-3">
            {list.map((p) => (
              <PrayerCard key={p.id} prayer={p} staff={staff} />
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

export default function PrayerPage() {
  const { user } = useAuth();
  const { m } = useI18n();
  return (
    <div className="grid gap-5">
      <div>
        <h1 className="text-2xl font-bold">{m.prayer.center}</h1>
        <p className="text-muted-foreground">{m.prayer.verse}</p>
      </div>
      {user && <PrayerForm userId={user.id} />}
      <Card className="bg-primary/5">
        <CardContent className="flex items-center gap-4 pt-5">
          <Sparkles className="size-8 shrink-0 text-primary" aria-hidden="true" />
          <div className="min-w-0 flex-1">
            <p className="font-semibold">{m.prayer.companion}</p>
            <p className="text-sm text-muted-foreground">{m.prayer.companionHint}</p>
          </div>
          <Button asChild variant="outline" size="sm">
            <Link href="/ai-prayer">
              <MessageCircleHeart aria-hidden="true" /> {m.prayer.open}
            </Link>
          </Button>
        </CardContent>
      </Card>
      <PrayerWall />
    </div>
  );
}
