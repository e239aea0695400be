/**
 * Profile → Sign-in and security's server calls (issue 20): change password, change email,
 * the member's devices. Each change refreshes what it touched.
 */
import { useQuery } from "@tanstack/react-query";
import { API } from "@contract/api-paths";
import type { ChangeEmailInput, ChangePasswordInput, DeviceSession, EmailStatus } from "@contract/account-security";
import { apiJson, apiRequest } from "@/lib/api";
import { queryClient } from "@/lib/query-client";
import { useApiMutation, type MutationConfig } from "@/lib/mutation";

const SESSIONS_KEY = [API.security.sessions()];
const EMAIL_KEY = [API.security.email()];
const refreshSessions = () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });

export const useDeviceSessions = () => useQuery<{ sessions: DeviceSession[] }>({ queryKey: SESSIONS_KEY });
export const useEmailStatus = () => useQuery<EmailStatus>({ queryKey: EMAIL_KEY });

export const useChangePassword = (config?: MutationConfig<unknown, ChangePasswordInput>) =>
  useApiMutation((d: ChangePasswordInput) => apiRequest("POST", API.security.password(), d), config, refreshSessions);

export const useChangeEmail = (config?: MutationConfig<EmailStatus, ChangeEmailInput>) =>
  useApiMutation((d: ChangeEmailInput) => apiJson<EmailStatus>("POST", API.security.email(), d), config, (data) => queryClient.setQueryData(EMAIL_KEY, data));

export const useSignOutSession = (config?: MutationConfig<unknown, string>) =>
  useApiMutation((id: string) => apiRequest("DELETE", API.security.session({ id })), config, refreshSessions);

export const useSignOutOthers = (config?: MutationConfig<unknown, void>) =>
  useApiMutation(() => apiRequest("POST", API.security.signOutOthers()), config, refreshSessions);

/** The link from the new address's email; afterwards the member (if signed in here) is read again. */
export const useConfirmEmail = (config?: MutationConfig<unknown, string>) =>
  useApiMutation((token: string) => apiRequest("POST", API.auth.confirmEmail(), { token }), config, () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: EMAIL_KEY }), queryClient.invalidateQueries({ queryKey: [API.church.me()] })]),
  );

/** The message of a 400's issue on `field` (e.g. "body.currentPassword"), if the error is one. */
export function fieldError(err: unknown, field: string): string | undefined {
  if (!(err instanceof Error)) return undefined;
  const m = /^400: ([\s\S]*)$/.exec(err.message);
  if (!m) return undefined;
  try {
    const body = JSON.parse(m[1]) as { issues?: { path: string; message: string }[] };
    return body.issues?.find((i) => i.path === field)?.message;
  } catch {
    return undefined;
  }
}
