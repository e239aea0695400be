import { CheckCircle2, Flame, Trophy } from "lucide-react";
import { CHALLENGE_TEXT, challengeProgress, localDate, type Challenge, type UserChallenge } from "@contract/connect";
import { errorText } from "@/lib/api";
import { isStaff } from "@contract/roles";
import { useAuth, useChurch } from "@/lib/auth";
import { Card, CardContent } from "@/components/ui/card";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { QueryState } from "@/components/query-state";
import { useI18n } from "@/lib/i18n";
import { useChallengeProgress, useChallenges, useJoinChallenge, useMyChallenges } from "./api";

function ChallengeCard({ challenge, mine, today }: { challenge: Challenge; mine?: UserChallenge; today: string }) {
  const t = useI18n().m.connect;
  const join = useJoinChallenge(challenge.id, {
    onSuccess: () => toast({ title: CHALLENGE_TEXT.joined }),
    onError: (err) => toast({ title: CHALLENGE_TEXT.joinFailed, description: errorText(err), variant: "destructive" }),
  });
  const progress = useChallengeProgress(challenge.id, {
    onSuccess: () => toast({ title: CHALLENGE_TEXT.progressUpdated }),
    onError: (err) => toast({ title: CHALLENGE_TEXT.progressFailed, description: errorText(err), variant: "destructive" }),
  });
  const completed = mine?.progressJson.completedDays ?? [];
  const doneToday = completed.includes(today);
  const pct = challengeProgress(completed.length, challenge.days);
  return (
    <Card data-testid="challenge-card" aria-label={challenge.title} role="group">
      <CardContent className="grid gap-3 pt-5">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="text-lg font-semibold leading-tight">{challenge.title}</p>
            <p className="mt-1 text-sm text-muted-foreground">{challenge.description}</p>
          </div>
          <div className="flex shrink-0 flex-col items-end gap-1">
            <Badge variant="secondary" className="whitespace-nowrap">
              {t.days(challenge.days)}
            </Badge>
            {challenge.archived && (
              <Badge variant="outline" className="whitespace-nowrap">
                {t.archivedChallenge}
              </Badge>
            )}
          </div>
        </div>
        {mine ? (
          <>
            <div className="grid gap-1.5">
              <div className="flex justify-between text-sm">
                <span>
                  {t.daysDone(Math.min(completed.length, challenge.days), challenge.days)}
                </span>
                <span className="inline-flex items-center gap-1 font-semibold text-primary">
                  <Flame className="size-4" aria-hidden="true" /> {t.streak(mine.streak)}
                </span>
              </div>
              <Progress value={pct} aria-label={t.progressOf(challenge.title)} />
            </div>
            {doneToday ? (
              <Badge variant="success" className="min-h-8 justify-center text-sm">
                <CheckCircle2 className="size-4" aria-hidden="true" /> {t.completed}
              </Badge>
            ) : (
              <Button onClick={() => progress.mutate()} disabled={progress.isPending}>
                {t.completeToday}
              </Button>
            )}
          </>
        ) : (
          <Button variant="outline" onClick={() => join.mutate()} disabled={join.isPending}>
            {t.join}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

/** Challenges and streaks (spec section 2). */
export function ChallengesSection() {
  const t = useI18n().m.connect;
  const church = useChurch();
  const { user } = useAuth();
  const challenges = useChallenges();
  const mine = useMyChallenges();
  const today = localDate(new Date(), church.timeZone);
  return (
    <section aria-labelledby="challenges-heading" className="grid gap-3">
      <h2 id="challenges-heading" className="flex items-center gap-2 text-xl font-bold">
        <Trophy className="size-5 text-primary" aria-hidden="true" /> {t.challenges}
      </h2>
      <QueryState query={{ isPending: challenges.isPending || mine.isPending, isError: challenges.isError || mine.isError }} data={challenges.data} loading={<Skeleton className="h-32" />} error={t.challengesFailed} empty={user && isStaff(user.role) ? t.noChallengesStaff : t.noChallenges}>
        {(list) => (
          list.map((c) => <ChallengeCard key={c.id} challenge={c} mine={mine.data?.find((m) => m.challengeId === c.id)} today={today} />)
        )}
      </QueryState>
    </section>
  );
}
