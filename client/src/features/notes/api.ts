/** Personal notes' server state (spec section 7): the list's key is its URL; every change refetches it. */
import { API } from "@contract/api-paths";
import type { Note, NoteInput, NotePage } from "@contract/notes";
import { apiJson, apiRequest } from "@/lib/api";
import { queryClient } from "@/lib/query-client";
import { useApiMutation, type MutationConfig } from "@/lib/mutation";
import { usePagedList } from "@/lib/paged";

const NOTES_KEY = [API.notes.list()];
const refresh = () => queryClient.invalidateQueries({ queryKey: NOTES_KEY });

/** The notes a page at a time, most recently changed first ("Load more"; issue 23). */
export const useNotes = () => usePagedList(NOTES_KEY[0], (p: NotePage) => p.notes);

/** Creates a note, or saves `noteId`'s changes. */
export const useSaveNote = (noteId: string | undefined, config?: MutationConfig<Note, NoteInput>) =>
  useApiMutation((data: NoteInput) => (noteId ? apiJson<Note>("PUT", API.notes.one({ id: noteId }), data) : apiJson<Note>("POST", API.notes.list(), data)), config, refresh);

export const useDeleteNote = (noteId: string, config?: MutationConfig<Response>) =>
  useApiMutation(() => apiRequest("DELETE", API.notes.one({ id: noteId })), config, refresh);
