/**
 * Admin → Announcements (staff; decision 0110): compose once (English, optional Spanish, who
 * receives it, by which channels, now or at a time on the church's clock) with a preview of what
 * members see; what is scheduled (cancel until it starts sending); what was sent, with how many
 * members each channel reached.
 */
import { useState, type FormEvent, type ReactNode } from "react";
import { Bell, CalendarClock, Mail, Megaphone, Smartphone, X } from "lucide-react";
import { ANNOUNCEMENT_CHANNELS, ANNOUNCEMENT_BODY_MAX, ANNOUNCEMENT_TITLE_MAX, type AnnouncementListItem, type AnnouncementChannel, type AnnouncementInput } from "@contract/announcements";
import { churchWallTimeToUtc, formatInTimeZone, timeZoneName, utcToChurchWallTime } from "@contract/zoned-time";
import { useChurch } from "@/lib/auth";
import { useI18n, tr } from "@/lib/i18n";
import { errorText } from "@/lib/api";
import { cn } from "@/lib/utils";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { Checkbox } from "@/components/ui/checkbox";
import { FormField } from "@/components/ui/form-field";
import { toast } from "@/components/ui/use-toast";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { QueryState, Skeletons } from "@/components/query-state";
import { LoadMore } from "@/components/load-more";
import { fieldIssues, useAnnouncements, useAudienceGroups, useCancelAnnouncement, useComposeAnnouncement } from "./api";

const CHANNEL_ICON = { inbox: Bell, push: Smartphone, email: Mail } as const;
const selectClass = "h-11 w-full rounded-md border border-input bg-background px-3 text-base";

type AudienceChoice = "everyone" | "staff" | "group";

function Preview({ title, body }: { title: string; body: string }) {
  const { m } = useI18n();
  const T = m.announcements;
  return (
    <div className="grid gap-2" data-testid="announcement-preview">
      <p className="text-sm font-medium">{T.preview}</p>
      {title || body ? (
        <div className="flex items-start gap-3 rounded-lg border border-border bg-background p-3">
          <span aria-hidden="true" className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
            <Megaphone className="size-5" />
          </span>
          <span className="min-w-0 flex-1">
            <span className="block break-words font-semibold">{title}</span>
            <span className="block whitespace-pre-line break-words text-sm text-muted-foreground">{body}</span>
            {title && <span className="mt-1 block text-xs text-muted-foreground">{T.previewEmail(title)}</span>}
          </span>
        </div>
      ) : (
        <p className="rounded-lg border border-dashed border-border p-3 text-sm text-muted-foreground">{T.previewEmpty}</p>
      )}
    </div>
  );
}

function ComposeCard() {
  const { m, locale } = useI18n();
  const T = m.announcements;
  const church = useChurch();
  const groups = useAudienceGroups();
  const [title, setTitle] = useState("");
  const [body, setBody] = useState("");
  const [url, setUrl] = useState("");
  const [titleEs, setTitleEs] = useState("");
  const [bodyEs, setBodyEs] = useState("");
  const [audience, setAudience] = useState<AudienceChoice>("everyone");
  const [groupId, setGroupId] = useState("");
  const [channels, setChannels] = useState<AnnouncementChannel[]>(["inbox", "push", "email"]);
  const [later, setLater] = useState(false);
  const [when, setWhen] = useState(() => utcToChurchWallTime(new Date(Date.now() + 86_400_000), church.timeZone).slice(0, 11) + "09:00");
  const [issues, setIssues] = useState<Record<string, string>>({});
  const compose = useComposeAnnouncement({
    onSuccess: (a) => {
      toast(
        a.status === "scheduled"
          ? { title: T.scheduledToast, description: T.scheduledToastText(formatInTimeZone(a.sendAt, church.timeZone, locale)) }
          : { title: T.sentToast, description: T.sentToastText },
      );
      setTitle("");
      setBody("");
      setUrl("");
      setTitleEs("");
      setBodyEs("");
      setIssues({});
    },
    onError: (err) => {
      setIssues(fieldIssues(err));
      toast({ title: T.failed, description: errorText(err), variant: "destructive" });
    },
  });

  const toggle = (c: AnnouncementChannel, on: boolean) =>
    setChannels((cs) => {
      const next = on ? [...cs, c] : cs.filter((x) => x !== c);
      // Push opens the inbox: choosing push chooses the inbox; leaving the inbox leaves push.
      if (c === "push" && on && !next.includes("inbox")) next.push("inbox");
      if (c === "inbox" && !on) return next.filter((x) => x !== "push");
      return ANNOUNCEMENT_CHANNELS.filter((x) => next.includes(x));
    });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const sendAt = later ? churchWallTimeToUtc(when, church.timeZone) : null;
    if (later && !sendAt) {
      setIssues({ sendAt: T.sendAtInvalid });
      return;
    }
    const input: AnnouncementInput = {
      title,
      body,
      url: url || null,
      titleEs: titleEs || null,
      bodyEs: bodyEs || null,
      audience: audience === "group" ? { group: groupId } : audience,
      channels,
      sendAt,
    };
    compose.mutate(input);
  };
  const err = (k: string) => issues[k];
  const zone = timeZoneName(church.timeZone);

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Megaphone className="size-5 text-primary" aria-hidden="true" /> {T.compose}
        </CardTitle>
        <CardDescription>{T.composeHint}</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <FormField id="announcement-title" label={T.title} error={err("title")}>
            <Input id="announcement-title" value={title} maxLength={ANNOUNCEMENT_TITLE_MAX} onChange={(e) => setTitle(e.target.value)} aria-invalid={!!err("title")} />
          </FormField>
          <FormField id="announcement-body" label={T.message} error={err("body")}>
            <Textarea id="announcement-body" rows={4} value={body} maxLength={ANNOUNCEMENT_BODY_MAX} onChange={(e) => setBody(e.target.value)} aria-invalid={!!err("body")} />
          </FormField>
          <FormField id="announcement-url" label={T.link} error={err("url")}>
            <Input id="announcement-url" value={url} placeholder="/connect" onChange={(e) => setUrl(e.target.value)} aria-describedby="announcement-url-hint" />
          </FormField>
          <p id="announcement-url-hint" className="-mt-3 text-sm text-muted-foreground">
            {T.linkHint}
          </p>
          <details className="rounded-lg border border-border p-3" open={!!(titleEs || bodyEs || err("titleEs") || err("bodyEs"))}>
            <summary className="min-h-11 cursor-pointer content-center font-medium">{T.spanish}</summary>
            <div className="grid gap-4 pt-2">
              <p className="text-sm text-muted-foreground">{T.spanishHint}</p>
              <FormField id="announcement-title-es" label={T.titleEs} error={err("titleEs")}>
                <Input id="announcement-title-es" lang="es" value={titleEs} maxLength={ANNOUNCEMENT_TITLE_MAX} onChange={(e) => setTitleEs(e.target.value)} />
              </FormField>
              <FormField id="announcement-body-es" label={T.messageEs} error={err("bodyEs")}>
                <Textarea id="announcement-body-es" lang="es" rows={3} value={bodyEs} maxLength={ANNOUNCEMENT_BODY_MAX} onChange={(e) => setBodyEs(e.target.value)} />
              </FormField>
            </div>
          </details>

          <fieldset className="grid gap-2">
            <legend className="mb-1 font-medium">{T.audience}</legend>
            <select id="announcement-audience" aria-label={T.audience} className={selectClass} value={audience} onChange={(e) => setAudience(e.target.value as AudienceChoice)}>
              <option value="everyone">{T.everyone}</option>
              <option value="staff">{T.staff}</option>
              <option value="group">{T.group}</option>
            </select>
            {audience === "group" &&
              (groups.data && groups.data.length === 0 ? (
                <p className="text-sm text-muted-foreground">{T.noGroups}</p>
              ) : (
                <select aria-label={T.chooseGroup} className={selectClass} value={groupId} onChange={(e) => setGroupId(e.target.value)}>
                  <option value="">{T.chooseGroup}</option>
                  {(groups.data ?? []).map((g) => (
                    <option key={g.id} value={g.id}>
                      {g.name} ({T.members(g.memberCount)})
                    </option>
                  ))}
                </select>
              ))}
            {err("audience") && (
              <p role="alert" className="text-sm font-medium text-destructive">
                {tr(err("audience"))}
              </p>
            )}
          </fieldset>

          <fieldset className="grid gap-1">
            <legend className="mb-1 font-medium">{T.channels}</legend>
            <div className="flex flex-wrap gap-x-6">
              {ANNOUNCEMENT_CHANNELS.map((c) => {
                const Icon = CHANNEL_ICON[c];
                return (
                  <label key={c} className="flex min-h-11 items-center gap-3">
                    <Checkbox checked={channels.includes(c)} onCheckedChange={(v) => toggle(c, v === true)} aria-label={T[c]} />
                    <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
                    {T[c]}
                  </label>
                );
              })}
            </div>
            <p className="text-sm text-muted-foreground">{T.channelsHint}</p>
            {err("channels") && (
              <p role="alert" className="text-sm font-medium text-destructive">
                {tr(err("channels"))}
              </p>
            )}
          </fieldset>

          <fieldset className="grid gap-2">
            <legend className="mb-1 font-medium">{T.when}</legend>
            <div className="grid grid-cols-2 gap-2" role="radiogroup" aria-label={T.when}>
              {[false, true].map((v) => (
                <Button key={String(v)} type="button" role="radio" aria-checked={later === v} variant={later === v ? "default" : "outline"} onClick={() => setLater(v)}>
                  {v ? T.later : T.now}
                </Button>
              ))}
            </div>
            {later && (
              <FormField id="announcement-when" label={T.sendAtLabel(`${church.timeZone.replace(/_/g, " ")}, ${zone}`)} error={err("sendAt")}>
                <Input id="announcement-when" type="datetime-local" value={when} onChange={(e) => setWhen(e.target.value)} />
              </FormField>
            )}
          </fieldset>

          <Preview title={locale === "es" && titleEs ? titleEs : title} body={locale === "es" && bodyEs ? bodyEs : body} />

          <Button type="submit" size="lg" className="h-auto min-h-12 whitespace-normal py-2" disabled={compose.isPending}>
            {later ? <CalendarClock aria-hidden="true" /> : <Megaphone aria-hidden="true" />}
            {compose.isPending ? T.sending : later ? T.schedule : T.send}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function AudienceLabel({ a }: { a: AnnouncementListItem }) {
  const { m } = useI18n();
  const T = m.announcements;
  if (a.audience === "everyone") return <>{T.audienceEveryone}</>;
  if (a.audience === "staff") return <>{T.audienceStaff}</>;
  return <>{T.audienceGroup(a.groupName ?? "")}</>;
}

function AnnouncementRow({ a }: { a: AnnouncementListItem }) {
  const { m, locale } = useI18n();
  const T = m.announcements;
  const church = useChurch();
  const at = (iso: string) => formatInTimeZone(iso, church.timeZone, locale);
  const cancel = useCancelAnnouncement({
    onSuccess: () => toast({ title: T.cancelled }),
    onError: (err) => toast({ title: T.cancelFailed, description: errorText(err), variant: "destructive" }),
  });
  const status =
    a.status === "scheduled"
      ? T.goesOut(at(a.sendAt))
      : a.status === "cancelled"
        ? T.cancelledAt(at(a.cancelledAt ?? a.sendAt))
        : a.status === "sending"
          ? T.statusSending
          : T.sentAt(at(a.startedAt ?? a.sendAt));
  return (
    <li className="grid gap-1.5 py-3" data-testid="announcement-row">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="break-words font-semibold">{a.title}</p>
          <p className={cn("text-sm", a.status === "cancelled" ? "text-muted-foreground line-through" : "text-muted-foreground")}>{status}</p>
        </div>
        {a.status === "scheduled" && (
          <ConfirmDialog
            title={T.cancelNamed(a.title)}
            description={T.cancelConfirm}
            confirmLabel={T.cancel}
            cancelLabel={T.keep}
            onConfirm={() => cancel.mutate(a.id)}
            trigger={
              <Button variant="outline" size="sm" className="shrink-0" disabled={cancel.isPending} aria-label={T.cancelNamed(a.title)}>
                <X aria-hidden="true" /> {T.cancel}
              </Button>
            }
          />
        )}
      </div>
      <p className="text-sm">
        <AudienceLabel a={a} />
        {a.createdBy && <span className="text-muted-foreground"> · {T.by(a.createdBy)}</span>}
      </p>
      <ul className="flex flex-wrap gap-2" aria-label={T.channels}>
        {a.channels.map((c) => {
          const Icon = CHANNEL_ICON[c];
          const counted = a.status === "sent" || a.status === "sending";
          return (
            <li key={c} className="inline-flex items-center gap-1.5 rounded-full bg-muted px-2.5 py-1 text-xs font-medium">
              <Icon className="size-3.5" aria-hidden="true" />
              {counted ? T.reachedLine(T[c], a.reached[c], a.recipients) : T[c]}
            </li>
          );
        })}
      </ul>
    </li>
  );
}

function ListCard({ title, items, empty, testId, more }: { title: string; items: AnnouncementListItem[]; empty: string; testId: string; more?: ReactNode }) {
  return (
    <Card data-testid={testId}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <p className="text-muted-foreground">{empty}</p>
        ) : (
          <div className="grid gap-3">
            <ul className="divide-y divide-border">
              {items.map((a) => (
                <AnnouncementRow key={a.id} a={a} />
              ))}
            </ul>
            {more}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

export function AnnouncementsTab() {
  const { m } = useI18n();
  const T = m.announcements;
  const list = useAnnouncements();
  return (
    <div className="grid gap-4">
      <ComposeCard />
      <QueryState query={list.query} data={list.data} loading={<Skeletons count={2} className="h-32" />} error={T.loadFailed} retry={m.notifications.retry}>
        {(data) => (
          <>
            <ListCard testId="announcements-scheduled" title={T.scheduledTitle} items={data.scheduled} empty={T.noneScheduled} />
            <ListCard testId="announcements-sent" title={T.sentTitle} items={data.sent} empty={T.noneSent} more={<LoadMore query={list.query} />} />
          </>
        )}
      </QueryState>
    </div>
  );
}
