import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { NotebookPen, Pencil, Plus } from "lucide-react";
import { NOTE_STAMP, ZNoteInput, noteStamp, type Note, type NoteInput } from "@contract/notes";
import { isNetworkError } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { draftKey, readDraft, writeDraft } from "@/lib/draft";
import { shortDate } from "@/lib/format";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { FormField } from "@/components/ui/form-field";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { DeleteButton } from "@/components/confirm-dialog";
import { toast } from "@/components/ui/use-toast";
import { QueryState, Skeletons } from "@/components/query-state";
import { LoadMore } from "@/components/load-more";
import { useI18n } from "@/lib/i18n";
import { useDeleteNote, useNotes, useSaveNote } from "./api";

/**
 * The create and edit dialog: closes and resets on a successful save (spec section 4). What the
 * member types is kept as a draft (issue 9) until it is saved: a failed save, a closed dialog or a
 * reload reopens it with their words.
 */
function NoteDialog({ open, onOpenChange, note }: { open: boolean; onOpenChange: (o: boolean) => void; note?: Note }) {
  const { m } = useI18n();
  const t = m.media.notes;
  const editing = !!note;
  const { user } = useAuth();
  const key = draftKey(user?.id ?? "", editing ? `note:${note.id}` : "note:new");
  const form = useForm<NoteInput>({ resolver: zodResolver(ZNoteInput), defaultValues: { title: "", content: "" } });
  const [offlineFailure, setOfflineFailure] = useState(false);
  useEffect(() => {
    if (!open) return;
    const saved = { title: note?.title ?? "", content: note?.content ?? "" };
    form.reset({ ...saved, ...readDraft<Partial<NoteInput>>(key) });
    setOfflineFailure(false);
    const sub = form.watch((v) => writeDraft(key, v.title === saved.title && v.content === saved.content ? null : v));
    return () => sub.unsubscribe();
  }, [open, note, form, key]);
  const save = useSaveNote(note?.id, {
    onMutate: () => setOfflineFailure(false),
    onSuccess: () => {
      toast({ title: t.success, description: editing ? t.updated : t.created });
      form.reset({ title: "", content: "" });
      writeDraft(key, null);
      onOpenChange(false);
    },
    onError: (err) => {
      if (isNetworkError(err)) {
        setOfflineFailure(true);
        toast({ title: m.connection.textKept, variant: "destructive" });
        return;
      }
      toast({ title: t.errorTitle, description: editing ? t.updateFailed : t.createFailed, variant: "destructive" });
    },
  });
  const { errors } = form.formState;
  const prefix = editing ? "edit-note" : "new-note";
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{editing ? t.editNote : t.newNote}</DialogTitle>
          <DialogDescription>{editing ? t.editHint : t.newHint}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={form.handleSubmit((d) => save.mutate(d))} className="grid gap-4">
          <FormField id={`${prefix}-title`} label={t.title} error={errors.title?.message}>
            <Input id={`${prefix}-title`} aria-invalid={!!errors.title} aria-describedby={errors.title ? `${prefix}-title-error` : undefined} {...form.register("title")} />
          </FormField>
          <FormField id={`${prefix}-content`} label={t.content} error={errors.content?.message}>
            <Textarea
              id={`${prefix}-content`}
              rows={8}
              aria-invalid={!!errors.content}
              aria-describedby={errors.content ? `${prefix}-content-error` : undefined}
              {...form.register("content")}
            />
          </FormField>
          {offlineFailure && (
            <p data-testid="kept-text" className="text-sm font-medium text-destructive">
              {m.connection.textKept}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {m.common.cancel}
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? m.common.saving : editing ? t.saveChanges : t.createNote}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function NoteCard({ note, onEdit }: { note: Note; onEdit: () => void }) {
  const { m } = useI18n();
  const t = m.media.notes;
  const stamp = noteStamp(note);
  const remove = useDeleteNote(note.id, {
    onSuccess: () => toast({ title: t.success, description: t.deleted }),
    onError: () => toast({ title: t.errorTitle, description: t.deleteFailed, variant: "destructive" }),
  });
  return (
    <li data-testid="note-card" className="rounded-lg border border-border bg-card p-4 text-card-foreground shadow-sm">
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <h3 className="break-words font-semibold leading-snug">{note.title}</h3>
          <p className="text-xs text-muted-foreground">
            {(stamp.label === NOTE_STAMP.updated ? t.updatedOn : t.createdOn)(shortDate(new Date(stamp.at)))}
          </p>
        </div>
        <Button variant="ghost" size="icon" aria-label={t.edit(note.title)} onClick={onEdit}>
          <Pencil aria-hidden="true" />
        </Button>
        <DeleteButton
          label={t.delete(note.title)}
          disabled={remove.isPending}
          title={t.deleteTitle}
          description={t.deleteConfirm}
          confirmLabel={m.common.delete}
          onConfirm={() => remove.mutate()}
        />
      </div>
      <p className="mt-2 line-clamp-4 whitespace-pre-line break-words text-muted-foreground">{note.content}</p>
    </li>
  );
}

export function NotesTab() {
  const { m } = useI18n();
  const t = m.media.notes;
  const { query: notes, items } = useNotes();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Note | undefined>();
  return (
    <section aria-label={m.media.tabs.notes} className="grid gap-4">
      <div className="flex items-center justify-between gap-3">
        <p className="text-muted-foreground">{t.yourNotes}</p>
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" /> {t.newNote}
        </Button>
      </div>
      <QueryState query={notes} data={items} loading={<Skeletons count={3} className="h-28" />} error={t.loadFailed} empty={t.empty} emptyIcon={NotebookPen} look="box">
        {(list) => (
          <div className="grid gap-3">
            <ul className="grid gap-3">
              {list.map((n) => (
                <NoteCard key={n.id} note={n} onEdit={() => setEditing(n)} />
              ))}
            </ul>
            <LoadMore query={notes} />
          </div>
        )}
      </QueryState>
      <NoteDialog open={creating} onOpenChange={setCreating} />
      <NoteDialog open={!!editing} onOpenChange={(o) => !o && setEditing(undefined)} note={editing} />
    </section>
  );
}
