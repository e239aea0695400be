import { useState, type FormEvent, type ReactNode } from "react";
import { CalendarPlus, CircleStop, Play, Plus, Radio, Trash2, Vote, X } from "lucide-react";
import {
  POLL_OPTIONS_MAX,
  POLL_OPTIONS_MIN,
  ZCreatePoll,
  ZCreateService,
  type LivePoll,
} from "@contract/services";
import { errorText } from "@/lib/api";
import { useChurch } from "@/lib/auth";
import { serviceWhen } from "@/lib/service-when";
import { toast } from "@/components/ui/use-toast";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { FormField } from "@/components/ui/form-field";
import { Skeleton } from "@/components/ui/skeleton";
import { useClosePoll, useCreatePoll, useCreateService, useLiveService, useServices, useSetLive } from "./api";
import { markOwnEvent } from "@/lib/events";
import { tr, useI18n } from "@/lib/i18n";

function useSetLiveWithToast() {
  const { m } = useI18n();
  return useSetLive({
    onSuccess: (_res, vars) => {
      markOwnEvent("service-status", { serviceId: vars.id, isLive: vars.isLive });
      toast({ title: m.services.statusUpdated });
    },
    onError: (err) => toast({ title: m.admin.serviceNotUpdated, description: errorText(err), variant: "destructive" }),
  });
}

function CreateServiceForm() {
  const { m } = useI18n();
  const [title, setTitle] = useState("");
  const [when, setWhen] = useState("");
  const [errors, setErrors] = useState<{ title?: string; date?: string }>({});
  const create = useCreateService({
    onSuccess: () => {
      toast({ title: m.services.serviceCreated });
      setTitle("");
      setWhen("");
    },
    onError: (err) => toast({ title: m.admin.serviceNotCreated, description: errorText(err), variant: "destructive" }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const date = when ? new Date(when) : null;
    const parsed = ZCreateService.safeParse({ title, date: date && !Number.isNaN(date.getTime()) ? date.toISOString() : "" });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const i of parsed.error.issues) next[i.path[0] as "title" | "date"] ??= i.path[0] === "date" ? m.services.dateRequired : i.message;
      return setErrors(next);
    }
    setErrors({});
    create.mutate(parsed.data);
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarPlus className="size-5 text-primary" aria-hidden="true" /> {m.admin.createService}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <form className="grid gap-3" onSubmit={submit} noValidate>
          <FormField id="service-title" label={m.admin.serviceTitle} error={errors.title}>
            <Input id="service-title" value={title} onChange={(e) => setTitle(e.target.value)} placeholder={m.admin.serviceTitlePlaceholder} aria-invalid={!!errors.title} />
          </FormField>
          <FormField id="service-date" label={m.admin.dateAndTime} error={errors.date}>
            <Input id="service-date" type="datetime-local" value={when} onChange={(e) => setWhen(e.target.value)} aria-invalid={!!errors.date} />
          </FormField>
          <Button type="submit" disabled={create.isPending}>
            <Plus aria-hidden="true" /> {create.isPending ? m.admin.creating : m.admin.createServiceButton}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function CreatePollForm({ serviceId }: { serviceId: string }) {
  const { m } = useI18n();
  const [question, setQuestion] = useState("");
  const [options, setOptions] = useState(["", ""]);
  const [error, setError] = useState<string>();
  const create = useCreatePoll(serviceId, {
    onSuccess: () => {
      toast({ title: m.services.pollCreated });
      setQuestion("");
      setOptions(["", ""]);
    },
    onError: (err) => toast({ title: m.admin.pollNotCreated, description: errorText(err), variant: "destructive" }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZCreatePoll.safeParse({ question, options });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    create.mutate(parsed.data);
  };
  return (
    <form className="grid gap-3" onSubmit={submit} noValidate aria-label={m.admin.createPoll}>
      <FormField id="poll-question" label={m.admin.pollQuestion}>
        <Input id="poll-question" value={question} onChange={(e) => setQuestion(e.target.value)} placeholder={m.admin.pollQuestionPlaceholder} />
      </FormField>
      {options.map((o, i) => (
        <div key={i} className="flex items-end gap-2">
          <div className="flex-1">
            <FormField id={`poll-option-${i}`} label={m.admin.option(i + 1)}>
              <Input id={`poll-option-${i}`} value={o} onChange={(e) => setOptions(options.map((x, j) => (j === i ? e.target.value : x)))} />
            </FormField>
          </div>
          {options.length > POLL_OPTIONS_MIN && (
            <Button type="button" variant="ghost" size="icon" aria-label={m.admin.removeOption(i + 1)} onClick={() => setOptions(options.filter((_, j) => j !== i))}>
              <Trash2 aria-hidden="true" />
            </Button>
          )}
        </div>
      ))}
      {error && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {tr(error)}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {options.length < POLL_OPTIONS_MAX && (
          <Button type="button" variant="outline" onClick={() => setOptions([...options, ""])}>
            <Plus aria-hidden="true" /> {m.admin.addOption}
          </Button>
        )}
        <Button type="submit" className="flex-1 whitespace-nowrap" disabled={create.isPending}>
          <Vote aria-hidden="true" /> {create.isPending ? m.admin.posting : m.admin.postPoll}
        </Button>
      </div>
    </form>
  );
}

function OpenPoll({ poll }: { poll: LivePoll }) {
  const { m } = useI18n();
  const close = useClosePoll(poll.id, {
    onSuccess: () => toast({ title: m.services.pollClosedToast }),
    onError: (err) => toast({ title: m.admin.pollNotClosed, description: errorText(err), variant: "destructive" }),
  });
  const { counts, total } = poll.results;
  return (
    <li className="grid gap-2 py-3 first:pt-0" data-testid="open-poll">
      <div className="flex items-start justify-between gap-2">
        <p className="font-medium">{poll.question}</p>
        <Button variant="outline" size="sm" className="shrink-0" disabled={close.isPending} onClick={() => close.mutate()}>
          <X aria-hidden="true" /> {m.admin.closePoll}
        </Button>
      </div>
      <ul className="grid gap-1 text-sm text-muted-foreground">
        {poll.options.map((o, i) => (
          <li key={i} className="flex justify-between gap-2">
            <span>{o}</span>
            <span className="tabular-nums">{counts[i] ?? 0}</span>
          </li>
        ))}
      </ul>
      <p className="text-xs text-muted-foreground">{m.home.votes(total)}</p>
    </li>
  );
}

/** Live Control (staff): the live service with its polls, the moderation queue (`queue`, from the admin screen), the upcoming services and a new one. */
export function LiveControlTab({ queue }: { queue: ReactNode }) {
  const { m: text } = useI18n();
  const church = useChurch();
  const liveService = useLiveService();
  const services = useServices();
  const setLive = useSetLiveWithToast();
  const live = liveService.data?.service;
  const startOfToday = new Date();
  startOfToday.setHours(0, 0, 0, 0);
  const upcoming = (services.data ?? [])
    .filter((s) => !s.isLive && new Date(s.date) >= startOfToday)
    .sort((a, b) => (a.date < b.date ? -1 : 1));

  return (
    <div className="grid gap-5">
      {liveService.isPending ? (
        <Skeleton className="h-32" />
      ) : live ? (
        <Card className="border-primary" data-testid="active-service">
          <CardHeader>
            <div className="flex items-center justify-between gap-2">
              <Badge variant="success">
                <Radio className="size-3" aria-hidden="true" /> {text.admin.serviceActive}
              </Badge>
            </div>
            <CardTitle className="text-xl">{live.title}</CardTitle>
            <CardDescription>{serviceWhen(live.date, church.timeZone)}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5">
            <Button variant="destructive" disabled={setLive.isPending} onClick={() => setLive.mutate({ id: live.id, isLive: false })}>
              <CircleStop aria-hidden="true" /> {text.admin.endService}
            </Button>
            <div>
              <h3 className="mb-2 font-semibold">{text.admin.openPolls}</h3>
              {live.polls.length === 0 ? (
                <p className="text-sm text-muted-foreground">{text.admin.noOpenPolls}</p>
              ) : (
                <ul className="divide-y divide-border">
                  {live.polls.map((p) => (
                    <OpenPoll key={p.id} poll={p} />
                  ))}
                </ul>
              )}
            </div>
            <div className="border-t border-border pt-4">
              <h3 className="mb-2 font-semibold">{text.admin.newPoll}</h3>
              <CreatePollForm serviceId={live.id} />
            </div>
          </CardContent>
        </Card>
      ) : (
        <Card>
          <CardContent className="grid gap-1 pt-5 text-center">
            <p className="text-lg font-semibold">{text.services.noActiveService}</p>
            <p className="text-muted-foreground">{text.services.noActiveServiceHint}</p>
          </CardContent>
        </Card>
      )}

      {queue}

      <Card>
        <CardHeader>
          <CardTitle>{text.admin.upcomingServices}</CardTitle>
        </CardHeader>
        <CardContent>
          {services.isPending ? (
            <Skeleton className="h-16" />
          ) : upcoming.length === 0 ? (
            <p className="text-muted-foreground">{text.admin.noUpcoming}</p>
          ) : (
            <ul className="divide-y divide-border" aria-label={text.admin.upcomingServices}>
              {upcoming.map((s) => (
                <li key={s.id} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
                  <div className="min-w-0 flex-1">
                    <p className="font-medium">{s.title}</p>
                    <p className="text-sm text-muted-foreground">{serviceWhen(s.date, church.timeZone)}</p>
                  </div>
                  <Button size="sm" disabled={setLive.isPending} onClick={() => setLive.mutate({ id: s.id, isLive: true })} aria-label={text.admin.startServiceNamed(s.title)}>
                    <Play aria-hidden="true" /> {text.admin.startService}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <CreateServiceForm />
    </div>
  );
}
