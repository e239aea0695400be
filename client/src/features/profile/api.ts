/**
 * Profile → Edit (issue 20): the member's names, phone, language and photo. Each change answers
 * the member's own user; the session check (GET /api/church/me, lib/auth.tsx) is fetched again
 * so the header and Profile show it at once.
 */
import { API } from "@contract/api-paths";
import type { OwnUser } from "@contract/auth";
import type { ProfilePatch } from "@contract/profile";
import { apiJson, apiUpload } from "@/lib/api";
import { refetchPrefix } from "@/lib/query-client";
import { useApiMutation, type MutationConfig } from "@/lib/mutation";

const refresh = () => refetchPrefix(API.church.me());

export const useUpdateProfile = (config?: MutationConfig<OwnUser, ProfilePatch>) =>
  useApiMutation((patch: ProfilePatch) => apiJson<OwnUser>("PATCH", API.profile.me(), patch), config, refresh);

/** The file itself as the body (its type is decided by the server from the bytes). */
export const useUploadPhoto = (config?: MutationConfig<OwnUser, File>) =>
  useApiMutation((file: File) => apiUpload<OwnUser>("PUT", API.profile.photo(), file), config, refresh);

export const useRemovePhoto = (config?: MutationConfig<OwnUser>) =>
  useApiMutation(() => apiJson<OwnUser>("DELETE", API.profile.photo()), config, refresh);

/** The server's per-field messages of a 400 ("body.phone" → "phone"), or {} for any other error. */
export function fieldErrors(err: unknown): Record<string, string> {
  if (!(err instanceof Error)) return {};
  const m = /^400: ([\s\S]*)$/.exec(err.message);
  if (!m) return {};
  try {
    const body = JSON.parse(m[1]) as { issues?: { path: string; message: string }[] };
    return Object.fromEntries((body.issues ?? []).map((i) => [i.path.replace(/^body\./, ""), i.message]));
  } catch {
    return {};
  }
}
