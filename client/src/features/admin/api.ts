/** Admin's server state (spec section 7): the dashboard's figures and activity, and the people list with role changes. */
import { useQuery } from "@tanstack/react-query";
import { API } from "@contract/api-paths";
import type { ActivityItem, Analytics } from "@contract/admin";
import type { User } from "@contract/auth";
import type { Role } from "@contract/roles";
import type { AuditPage } from "@contract/giving-funds";
import { apiJson } from "@/lib/api";
import { refetchPrefix } from "@/lib/query-client";
import { useApiMutation, type MutationConfig } from "@/lib/mutation";

export const useAnalytics = () => useQuery<Analytics>({ queryKey: [API.admin.analytics()] });
export const useActivity = () => useQuery<ActivityItem[]>({ queryKey: [API.admin.activity()] });
export const usePeople = (search: string) => useQuery<User[]>({ queryKey: [`${API.admin.users()}?q=${encodeURIComponent(search)}`] });

/** A new role refetches the people list, and the session's own user when it was theirs (`myId`). */
export const useChangeRole = (userId: string, myId: string | undefined, config?: MutationConfig<User, Role>) =>
  useApiMutation((role: Role) => apiJson<User>("PATCH", API.admin.user({ id: userId }), { role }), config, (u) =>
    Promise.all([refetchPrefix(API.admin.users()), u.id === myId && refetchPrefix(API.church.me())]),
  );

/** An owner resets a member's lost second step (passkeys and authenticator app); they are signed out everywhere and emailed. */
export const useResetSecondStep = (userId: string, config?: MutationConfig<null, void>) =>
  useApiMutation(() => apiJson<null>("POST", API.admin.resetSecondStep({ id: userId })), config);
/** The finance permission (decision 0113): refetches the people list, and the session's own user when it was theirs. */
export const useSetFinance = (userId: string, myId: string | undefined, config?: MutationConfig<User, boolean>) =>
  useApiMutation((finance: boolean) => apiJson<User>("PUT", API.admin.userFinance({ id: userId }), { finance }), config, (u) =>
    Promise.all([refetchPrefix(API.admin.users()), u.id === myId && refetchPrefix(API.church.me())]),
  );

/** The audit log's first page (OWNER); older pages through `cursor`. */
export const useAuditLog = (cursor: string | null) => useQuery<AuditPage>({ queryKey: [`${API.admin.auditLog()}?limit=20${cursor ? `&cursor=${cursor}` : ""}`] });
