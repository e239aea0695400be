/** Live comments' server state (spec section 7): the feed refetches on a timer and after each change. */
import { useQuery } from "@tanstack/react-query";
import { API } from "@contract/api-paths";
import { COMMENT_REFETCH_MS, type LiveComment } from "@contract/comments";
import { apiJson, apiRequest } from "@/lib/api";
import { queryClient } from "@/lib/query-client";
import { useApiMutation, type MutationConfig } from "@/lib/mutation";

const COMMENTS_KEY = [API.comments.list()];
const refresh = () => queryClient.invalidateQueries({ queryKey: COMMENTS_KEY });

export const useComments = () => useQuery<LiveComment[]>({ queryKey: COMMENTS_KEY, refetchInterval: COMMENT_REFETCH_MS });

export const usePostComment = (config?: MutationConfig<LiveComment, { message: string }>) =>
  useApiMutation((data: { message: string }) => apiJson<LiveComment>("POST", API.comments.list(), data), config, refresh);

export const useDeleteComment = (commentId: string, config?: MutationConfig<Response>) =>
  useApiMutation(() => apiRequest("DELETE", API.comments.one({ id: commentId })), config, refresh);
