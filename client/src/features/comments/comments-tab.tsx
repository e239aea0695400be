import { useState, type FormEvent } from "react";
import { MessageSquare, Send } from "lucide-react";
import { COMMENT_MAX, COMMENT_SKELETONS, ZCommentInput, type LiveComment } from "@contract/comments";
import { isStaff } from "@contract/roles";
import { errorText } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { useMemberPhoto } from "@/lib/member-photo";
import { formatCommentTime } from "@/lib/format";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { tr, useI18n } from "@/lib/i18n";
import { useComments, useDeleteComment, usePostComment } from "./api";
import { DeleteButton } from "@/components/confirm-dialog";

function initials(name: string | null) {
  if (!name) return "?";
  return name
    .split(/\s+/)
    .map((p) => p[0])
    .join("")
    .slice(0, 2)
    .toUpperCase();
}

/** The author's photo (fetched with the member's token: member-photo.ts), or their initials. */
function CommentAvatar({ comment }: { comment: LiveComment }) {
  const src = useMemberPhoto(comment.userProfileImageUrl);
  return src ? (
    <img src={src} alt="" data-testid="comment-photo" className="size-10 shrink-0 rounded-full object-cover" />
  ) : (
    <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-sm font-bold text-primary-strong">
      {initials(comment.userName)}
    </span>
  );
}

function CommentItem({ comment, staff }: { comment: LiveComment; staff: boolean }) {
  const { m } = useI18n();
  const t = m.media.comments;
  const remove = useDeleteComment(comment.id, {
    onSuccess: () => toast({ title: t.deleted }),
    onError: (err) => toast({ title: t.errorTitle, description: errorText(err) ?? t.deleteFailed, variant: "destructive" }),
  });
  return (
    <li data-testid="comment" className="flex gap-3 py-3">
      <CommentAvatar comment={comment} />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="font-semibold">{comment.userName ?? t.anonymous}</span>
          <time dateTime={comment.createdAt} className="text-xs text-muted-foreground">
            {formatCommentTime(comment.createdAt)}
          </time>
        </p>
        <p className="whitespace-pre-line break-words">{comment.message}</p>
      </div>
      {staff && (
        <DeleteButton
          label={t.deleteTitle}
          disabled={remove.isPending}
          title={t.deleteTitle}
          description={t.deleteConfirm}
          confirmLabel={m.common.delete}
          onConfirm={() => remove.mutate()}
        />
      )}
    </li>
  );
}

export function CommentsTab() {
  const { m } = useI18n();
  const t = m.media.comments;
  const { user } = useAuth();
  const staff = isStaff(user?.role);
  const comments = useComments();
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string>();
  const post = usePostComment({
    onSuccess: () => {
      toast({ title: t.posted, description: t.postedText });
      setMessage("");
    },
    onError: () => toast({ title: t.errorTitle, description: t.failed, variant: "destructive" }),
  });

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = ZCommentInput.safeParse({ message });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    post.mutate(parsed.data);
  }

  return (
    <section aria-label={m.media.tabs.comments} className="grid gap-4">
      <form noValidate onSubmit={onSubmit} className="grid gap-2 rounded-lg border border-border bg-card p-4 shadow-sm">
        <label htmlFor="comment-message" className="font-semibold">
          {t.join}
        </label>
        <Textarea
          id="comment-message"
          rows={3}
          placeholder={t.placeholder}
          value={message}
          aria-invalid={!!error}
          aria-describedby={error ? "comment-message-error" : "comment-count"}
          onChange={(e) => {
            setMessage(e.target.value);
            if (error) setError(undefined);
          }}
        />
        <div className="flex items-center justify-between gap-3">
          {error ? (
            <p id="comment-message-error" role="alert" className="text-sm font-medium text-destructive">
              {tr(error)}
            </p>
          ) : (
            <p id="comment-count" className={message.length > COMMENT_MAX ? "text-sm text-destructive" : "text-sm text-muted-foreground"}>
              {message.length}/{COMMENT_MAX}
            </p>
          )}
          <Button type="submit" disabled={!message.trim() || post.isPending}>
            <Send aria-hidden="true" /> {post.isPending ? t.posting : t.post}
          </Button>
        </div>
      </form>

      <div className="rounded-lg border border-border bg-card px-4 shadow-sm">
        <h2 className="flex items-center gap-2 border-b border-border py-3 font-semibold">
          <MessageSquare className="size-5 text-primary" aria-hidden="true" /> {t.live}
        </h2>
        {comments.isPending ? (
          <ul aria-busy="true">
            {Array.from({ length: COMMENT_SKELETONS }, (_, i) => (
              <li key={i} data-testid="comment-skeleton" className="flex gap-3 py-3">
                <Skeleton className="size-10 rounded-full" />
                <div className="grid flex-1 gap-2">
                  <Skeleton className="h-4 w-1/3" />
                  <Skeleton className="h-4 w-5/6" />
                </div>
              </li>
            ))}
          </ul>
        ) : comments.isError ? (
          <p role="alert" className="py-6 text-center text-muted-foreground">
            {t.loadFailed}
          </p>
        ) : comments.data.length === 0 ? (
          <p className="py-6 text-center text-muted-foreground">{t.empty}</p>
        ) : (
          <ul data-testid="comment-list" className="max-h-[24rem] divide-y divide-border overflow-y-auto">
            {comments.data.map((c) => (
              <CommentItem key={c.id} comment={c} staff={staff} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
