/**
 * Admin, Media (staff): how the YouTube channel sync is doing, a form to add a media item by
 * hand (it joins Recent sermons and the video library), and the hand-added items with Remove.
 */
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { AlertTriangle, CheckCircle2, ExternalLink, Film, PlayCircle, Plus, TvMinimalPlay } from "lucide-react";
import {
  ZMediaItemForm,
  mediaItemFromForm,
  type ManualMediaItem,
  type MediaItemFormValues,
} from "@contract/videos";
import type { z } from "zod";
import { errorText } from "@/lib/api";
import { formatCommentTime, formatDuration, shortDate } from "@/lib/format";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { FormField } from "@/components/ui/form-field";
import { Skeleton } from "@/components/ui/skeleton";
import { DeleteButton } from "@/components/confirm-dialog";
import { toast } from "@/components/ui/use-toast";
import { QueryState, Skeletons } from "@/components/query-state";
import { useI18n } from "@/lib/i18n";
import { useAddMediaItem, useMediaItems, useRemoveMediaItem, useSyncStatus } from "./api";

function SyncStatus() {
  const { m } = useI18n();
  const status = useSyncStatus();
  let body;
  if (status.isPending) body = <Skeleton className="h-6" />;
  else if (status.isError) body = <p className="text-muted-foreground">{m.admin.syncFailed}</p>;
  else if (!status.data.channelId)
    body = (
      <p className="text-muted-foreground">
        {m.admin.noChannelBefore}
        <code className="text-sm">youtubeChannelId</code>
        {m.admin.noChannelAfter}
      </p>
    );
  else {
    const s = status.data;
    body = (
      <div className="grid gap-2">
        <p className="break-all text-sm text-muted-foreground">{m.admin.channel(s.channelId ?? "")}</p>
        {s.lastSuccessAt && (
          <p className="flex items-center gap-2">
            <CheckCircle2 className="size-5 shrink-0 text-success" aria-hidden="true" />
            {m.admin.lastSynced(formatCommentTime(s.lastSuccessAt))}
            {s.lastCount != null && ` (${m.admin.videoCount(s.lastCount)})`}
          </p>
        )}
        {s.lastError && (
          <p className="flex items-start gap-2 text-destructive" role="alert">
            <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
            <span>{m.admin.lastAttemptFailed(s.lastError)}</span>
          </p>
        )}
        {!s.lastAttemptAt && <p className="text-muted-foreground">{m.admin.firstSync}</p>}
      </div>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <TvMinimalPlay className="size-5 text-primary" aria-hidden="true" /> {m.admin.youtubeChannel}
        </CardTitle>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}

const EMPTY: MediaItemFormValues = { title: "", description: "", url: "", thumbnailUrl: "", date: "", duration: "" };

function AddMediaItem() {
  const { m } = useI18n();
  const form = useForm<MediaItemFormValues, unknown, z.output<typeof ZMediaItemForm>>({ resolver: zodResolver(ZMediaItemForm), defaultValues: EMPTY });
  const add = useAddMediaItem({
    onSuccess: () => {
      toast({ title: m.admin.mediaItem.added, description: m.admin.mediaItem.addedText });
      form.reset(EMPTY);
    },
    onError: (err) => toast({ title: m.admin.mediaItem.addFailed, description: errorText(err), variant: "destructive" }),
  });
  const { errors } = form.formState;
  const field = (name: keyof MediaItemFormValues) => ({
    id: `media-${name}`,
    "aria-invalid": !!errors[name],
    "aria-describedby": errors[name] ? `media-${name}-error` : undefined,
    ...form.register(name),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Plus className="size-5 text-primary" aria-hidden="true" /> {m.admin.addMediaItem}
        </CardTitle>
        <CardDescription>{m.admin.addMediaItemHint}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={form.handleSubmit((v) => add.mutate(mediaItemFromForm(v)))} className="grid grid-cols-[minmax(0,1fr)] gap-4">
          <FormField id="media-title" label={m.admin.itemTitle} error={errors.title?.message}>
            <Input {...field("title")} />
          </FormField>
          <FormField id="media-description" label={m.admin.descriptionOptional} error={errors.description?.message}>
            <Textarea rows={3} {...field("description")} />
          </FormField>
          <FormField id="media-url" label={m.admin.videoLink} error={errors.url?.message}>
            <Input type="url" inputMode="url" placeholder="https://" {...field("url")} />
          </FormField>
          <FormField id="media-thumbnailUrl" label={m.admin.thumbnailOptional} error={errors.thumbnailUrl?.message}>
            <Input type="url" inputMode="url" placeholder="https://" {...field("thumbnailUrl")} />
          </FormField>
          <div className="grid grid-cols-2 gap-3 [&>*]:min-w-0">
            <FormField id="media-date" label={m.admin.dateOptional} error={errors.date?.message}>
              <Input type="date" className="min-w-0" max={new Date().toLocaleDateString("en-CA")} {...field("date")} />
            </FormField>
            <FormField id="media-duration" label={m.admin.durationOptional} error={errors.duration?.message}>
              <Input inputMode="numeric" className="min-w-0" placeholder={m.admin.durationPlaceholder} {...field("duration")} />
            </FormField>
          </div>
          <Button type="submit" disabled={add.isPending}>
            <Plus aria-hidden="true" /> {add.isPending ? m.admin.adding : m.admin.addMediaItemButton}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function MediaItemRow({ item }: { item: ManualMediaItem }) {
  const { m } = useI18n();
  const remove = useRemoveMediaItem(item.id, {
    onSuccess: () => toast({ title: m.admin.mediaItem.removed }),
    onError: (err) => toast({ title: m.admin.mediaItem.removeFailed, description: errorText(err), variant: "destructive" }),
  });
  const duration = formatDuration(item.duration);
  return (
    <li data-testid="media-item" className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
      <span className="relative flex h-14 w-24 shrink-0 items-center justify-center overflow-hidden rounded-md bg-gradient-to-br from-primary/80 to-amber-900 text-white">
        {item.thumbnailUrl ? <img src={item.thumbnailUrl} alt="" className="size-full object-cover" loading="lazy" /> : <PlayCircle className="size-6" aria-hidden="true" />}
        {duration && <span className="absolute bottom-1 right-1 rounded bg-black/75 px-1 text-xs font-semibold text-white">{duration}</span>}
      </span>
      <div className="grid min-w-0 flex-1">
        <a href={item.url} target="_blank" rel="noopener noreferrer" className="flex min-w-0 items-start gap-1 font-semibold leading-snug hover:underline">
          <span className="line-clamp-2 break-words">{item.title}</span>
          <ExternalLink className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        </a>
        <span className="text-sm text-muted-foreground">{shortDate(new Date(item.createdAt))}</span>
      </div>
      <DeleteButton
        label={m.admin.removeNamed(item.title)}
        disabled={remove.isPending}
        title={m.admin.removeMediaItem}
        description={m.admin.mediaItem.removeConfirm}
        confirmLabel={m.admin.remove}
        onConfirm={() => remove.mutate()}
      />
    </li>
  );
}

function MediaItemList() {
  const { m } = useI18n();
  const items = useMediaItems();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Film className="size-5 text-primary" aria-hidden="true" /> {m.admin.addedByHand}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <QueryState query={items} loading={<Skeletons count={2} className="h-14" />} error={m.admin.mediaItemsFailed} empty={m.admin.mediaItem.empty}>
          {(list) => (
            <ul className="divide-y divide-border" aria-label={m.admin.mediaItemsList}>
              {list.map((item) => (
                <MediaItemRow key={item.id} item={item} />
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}

export function MediaTab() {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <SyncStatus />
      <AddMediaItem />
      <MediaItemList />
    </div>
  );
}
