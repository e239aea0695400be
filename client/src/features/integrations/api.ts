/** Integrations' server state (spec section 7): the church's connections, and connecting, testing and removing them. */
import { useQuery } from "@tanstack/react-query";
import { API } from "@contract/api-paths";
import type { Integration, IntegrationProvider, VoiceConnectInput } from "@contract/integrations";
import { apiJson, apiRequest } from "@/lib/api";
import { queryClient } from "@/lib/query-client";
import { useApiMutation, type MutationConfig } from "@/lib/mutation";

const LIST_KEY = [API.integrations.list()];

export const useIntegrations = () => useQuery<Integration[]>({ queryKey: LIST_KEY });

/** Refetches the list and resolves with it (after the CRM's popup closed: is it connected now?). */
export async function refreshIntegrations() {
  await queryClient.invalidateQueries({ queryKey: LIST_KEY });
  return queryClient.getQueryData<Integration[]>(LIST_KEY) ?? [];
}

/** Where the CRM's popup goes to authorize this church. */
export const ghlAuthorizeUrl = () => apiJson<{ authUrl: string }>("GET", API.integrations.ghlAuthorize());

export const useVoiceConnect = (config?: MutationConfig<Integration, VoiceConnectInput>) =>
  useApiMutation((data: VoiceConnectInput) => apiJson<Integration>("POST", API.integrations.voiceConnect(), data), config, refreshIntegrations);

/** A failed test refetches the list: the connection may have been marked broken. */
export function useTestIntegration(provider: IntegrationProvider, config: MutationConfig<{ message: string }> = {}) {
  const { onError, ...rest } = config;
  return useApiMutation(() => apiJson<{ message: string }>("POST", API.integrations.test({ provider })), {
    ...rest,
    onError: (...args) => {
      onError?.(...args);
      void refreshIntegrations();
    },
  });
}

export const useRemoveIntegration = (config?: MutationConfig<Response, string>) =>
  useApiMutation((id: string) => apiRequest("DELETE", API.integrations.one({ id })), config, refreshIntegrations);
