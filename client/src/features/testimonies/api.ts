/** Testimonies' server state (spec section 7): one list (staff get the pending ones too), refetched after each change. */
import { useQuery } from "@tanstack/react-query";
import { API } from "@contract/api-paths";
import type { Testimony } from "@contract/testimonies";
import { apiJson } from "@/lib/api";
import { refetchPrefix } from "@/lib/query-client";
import { useApiMutation, type MutationConfig } from "@/lib/mutation";

const refresh = () => refetchPrefix(API.testimonies.list());

export const useTestimonies = () => useQuery<Testimony[]>({ queryKey: [API.testimonies.list()] });

export const useShareTestimony = (config?: MutationConfig<Testimony, { text: string }>) =>
  useApiMutation((body: { text: string }) => apiJson<Testimony>("POST", API.testimonies.list(), body), config, refresh);

export const useAmen = (testimonyId: string, config?: MutationConfig<Testimony>) =>
  useApiMutation(() => apiJson<Testimony>("POST", API.testimonies.amen({ id: testimonyId })), config, refresh);

export const useModerateTestimony = (config?: MutationConfig<unknown, { id: string; isApproved: boolean }>) =>
  useApiMutation(({ id, isApproved }: { id: string; isApproved: boolean }) => apiJson("PATCH", API.testimonies.one({ id }), { isApproved }), config, refresh);
