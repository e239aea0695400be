/**
 * The member side of a live service on Home: what is live, the open polls with voting and
 * live results, a form to ask a question, and the approved questions. Everything updates from
 * the live event stream (client/src/lib/events.ts refetches /api/services... and poll results).
 */
import { useState, type FormEvent } from "react";
import { Check, MessageCircleQuestion, Radio, Send, Vote } from "lucide-react";
import type { LivePoll, LiveService, Question } from "@contract/services";
import { QUESTION_MAX, SERVICES_TEXT } from "@contract/services-text";
import { lazy, usePreload } from "@/lib/lazy-resolver";
import { errorText } from "@/lib/api";
import { formatCommentTime } from "@/lib/format";
import { serviceWhen } from "@/lib/service-when";
import { useChurch } from "@/lib/auth";
import { toast } from "@/components/ui/use-toast";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";
import { tr, useI18n } from "@/lib/i18n";
import { useAskQuestion, usePollResults, useVote } from "./api";

type Live = NonNullable<LiveService["service"]>;

const pct = (n: number, total: number) => (total ? Math.round((n / total) * 100) : 0);

function PollCard({ poll }: { poll: LivePoll }) {
  const { m } = useI18n();
  const results = usePollResults(poll.id, poll.results);
  const r = results.data ?? poll.results;
  const vote = useVote(poll.id, {
    onError: (err) => toast({ title: m.home.voteNotCounted, description: errorText(err), variant: "destructive" }),
  });
  const voted = r.myVote !== null;
  return (
    <Card>
      <CardHeader>
        <p className="flex items-center gap-1.5 text-sm font-medium text-primary">
          <Vote className="size-4" aria-hidden="true" /> {m.home.poll}
        </p>
        <CardTitle>{poll.question}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2">
        {poll.options.map((option, i) => {
          const share = pct(r.counts[i] ?? 0, r.total);
          const mine = r.myVote === i;
          if (!voted) {
            return (
              <Button key={i} variant="outline" className="justify-start text-left" disabled={vote.isPending} onClick={() => vote.mutate(i)}>
                {option}
              </Button>
            );
          }
          return (
            <div
              key={i}
              data-testid="poll-result"
              className={cn("relative overflow-hidden rounded-md border px-3 py-2.5", mine ? "border-primary" : "border-border")}
              aria-label={`${m.home.optionResult(option, share, r.counts[i] ?? 0)}${mine ? `, ${m.home.yourVote}` : ""}`}
            >
              <div aria-hidden="true" className="absolute inset-y-0 left-0 bg-primary/15 transition-[width] duration-500" style={{ width: `${share}%` }} />
              <div className="relative flex items-center justify-between gap-3">
                <span className="flex items-center gap-1.5 font-medium">
                  {mine && <Check className="size-4 text-primary" aria-hidden="true" />}
                  {option}
                </span>
                <span className="text-sm font-semibold tabular-nums">{share}%</span>
              </div>
            </div>
          );
        })}
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {m.home.votes(r.total)}
          {voted ? ` · ${m.home.thanksForVoting}` : ` ${m.home.tapToVote}`}
        </p>
      </CardContent>
    </Card>
  );
}

/** The question's rules, the server's own schema, fetched with zod once Home has painted (decision 0072). */
const askSchema = lazy(() => import("@contract/services").then((m) => m.ZAskQuestion));

function AskQuestion({ serviceId }: { serviceId: string }) {
  const { m } = useI18n();
  const [text, setText] = useState("");
  const [anonymous, setAnonymous] = useState(false);
  const [error, setError] = useState<string>();
  const ask = useAskQuestion(serviceId, {
    onSuccess: () => {
      setText("");
      setAnonymous(false);
      toast({ title: SERVICES_TEXT.questionSent, description: SERVICES_TEXT.questionSentDetail });
    },
    onError: (err) => toast({ title: m.home.questionNotSent, description: errorText(err), variant: "destructive" }),
  });
  usePreload(askSchema);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = { text, isAnonymous: anonymous };
    const schema = await askSchema.get();
    // Without the schema (it could not be fetched), the server checks the same rules and answers.
    const parsed = schema?.safeParse(body);
    if (parsed && !parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    ask.mutate(parsed ? parsed.data : body);
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MessageCircleQuestion className="size-5 text-primary" aria-hidden="true" /> {m.home.askQuestion}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-3" noValidate>
          <div className="grid gap-1.5">
            <Label htmlFor="live-question">{m.home.yourQuestion}</Label>
            <Textarea
              id="live-question"
              value={text}
              maxLength={QUESTION_MAX}
              placeholder={m.home.questionPlaceholder}
              aria-invalid={!!error}
              aria-describedby={error ? "live-question-error" : undefined}
              onChange={(e) => setText(e.target.value)}
            />
            {error && (
              <p id="live-question-error" role="alert" className="text-sm font-medium text-destructive">
                {tr(error)}
              </p>
            )}
          </div>
          <div className="flex min-h-11 items-center gap-3">
            <Checkbox id="ask-anonymously" checked={anonymous} onCheckedChange={(v) => setAnonymous(v === true)} />
            <Label htmlFor="ask-anonymously" className="text-base">
              {m.home.askAnonymously}
            </Label>
          </div>
          <Button type="submit" disabled={ask.isPending || !text.trim()}>
            <Send aria-hidden="true" /> {ask.isPending ? m.common.sending : m.home.sendQuestion}
          </Button>
          <p className="text-sm text-muted-foreground">{m.home.afterApproval}</p>
        </form>
      </CardContent>
    </Card>
  );
}

function ApprovedQuestions({ questions }: { questions: Question[] }) {
  const { m } = useI18n();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{m.home.congregationQuestions}</CardTitle>
      </CardHeader>
      <CardContent>
        {questions.length === 0 ? (
          <p className="text-muted-foreground">{m.home.noQuestions}</p>
        ) : (
          <ul className="divide-y divide-border" aria-label={m.home.approvedQuestions}>
            {questions.map((q) => (
              <li key={q.id} className="py-3 first:pt-0 last:pb-0">
                <p className="leading-relaxed">{q.text}</p>
                <p className="mt-1 text-sm text-muted-foreground">
                  {q.isAnonymous ? m.home.anonymous : m.home.member} · {formatCommentTime(q.createdAt)}
                </p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

export function LiveServicePanel({ service }: { service: Live }) {
  const church = useChurch();
  const { m } = useI18n();
  return (
    <div className="grid gap-5" data-testid="live-service">
      <Card className="border-primary">
        <CardContent className="flex items-center gap-3 pt-5">
          <span className="relative inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-primary/10">
            <Radio className="size-6 text-primary motion-safe:animate-pulse" aria-hidden="true" />
          </span>
          <div className="min-w-0 flex-1">
            <Badge>{m.home.liveNow}</Badge>
            <p className="mt-1 text-lg font-semibold leading-snug">{service.title}</p>
            <p className="text-sm text-muted-foreground">{serviceWhen(service.date, church.timeZone)}</p>
          </div>
        </CardContent>
      </Card>
      {service.polls.map((p) => (
        <PollCard key={p.id} poll={p} />
      ))}
      <AskQuestion serviceId={service.id} />
      <ApprovedQuestions questions={service.questions} />
    </div>
  );
}
