/**
 * The church profile's changes (Admin → Church, OWNER and PASTOR). The church itself is read
 * with the session (GET /api/church/me, lib/auth.tsx): after a change, that and the signed-out
 * screens' public church are fetched again, so Home, Visit Us, Invite and the header show it at
 * once (other members' screens hear the `church-changed` event).
 */
import { API } from "@contract/api-paths";
import type { Church, ChurchPatch } from "@contract/church";
import { apiJson, apiUpload } from "@/lib/api";
import { refetchPrefix } from "@/lib/query-client";
import { useApiMutation, type MutationConfig } from "@/lib/mutation";

type Answer = { church: Church };
const refresh = () => refetchPrefix(API.church.me(), API.church.public());

export const useUpdateChurch = (config?: MutationConfig<Answer, ChurchPatch>) =>
  useApiMutation((patch: ChurchPatch) => apiJson<Answer>("PATCH", API.admin.church(), patch), config, refresh);

export const useUploadLogo = (config?: MutationConfig<Answer, File>) =>
  useApiMutation((file: File) => apiUpload<Answer>("PUT", API.admin.churchLogo(), file), config, refresh);

export const useRemoveLogo = (config?: MutationConfig<Answer>) =>
  useApiMutation(() => apiJson<Answer>("DELETE", API.admin.churchLogo()), config, refresh);
