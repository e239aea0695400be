/**
 * Drafts of what a member types (a prayer request, a note), kept in localStorage so a dropped
 * connection, a closed dialog or a reload never loses them. Keyed by member, so another member
 * on the same browser never sees them; cleared when the text is sent, and at sign-out
 * (clearDrafts) so a shared phone keeps nothing private.
 */
const PREFIX = "draft:";

export const draftKey = (userId: string, name: string) => `${PREFIX}${userId}:${name}`;

export function readDraft<T extends object>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return parsed && typeof parsed === "object" ? (parsed as T) : null;
  } catch {
    return null;
  }
}

/** Stores the draft, or removes it when `value` is null. */
export function writeDraft(key: string, value: object | null) {
  try {
    if (value) localStorage.setItem(key, JSON.stringify(value));
    else localStorage.removeItem(key);
  } catch {
    /* storage full or unavailable: the text stays in the form */
  }
}

export function clearDrafts() {
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith(PREFIX)) localStorage.removeItem(key);
  } catch {
    /* storage unavailable */
  }
}
