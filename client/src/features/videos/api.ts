/** Videos' server state (spec section 7): the library, the channel sync's status and the items staff add by hand. */
import { useQuery } from "@tanstack/react-query";
import { API } from "@contract/api-paths";
import type { ManualMediaItem, MediaItemInput, Video, VideoSyncStatus } from "@contract/videos";
import { apiJson, apiRequest } from "@/lib/api";
import { refetchPrefix } from "@/lib/query-client";
import { useApiMutation, type MutationConfig } from "@/lib/mutation";

/** Everything a member sees the hand-added items in: the list, Recent sermons and the library. */
const refreshAll = () => refetchPrefix(API.videos.mediaItems(), API.connect.media(), API.videos.list());

export const useVideos = () => useQuery<Video[]>({ queryKey: [API.videos.list()] });
export const useSyncStatus = () => useQuery<VideoSyncStatus>({ queryKey: [API.videos.syncStatus()] });
export const useMediaItems = () => useQuery<ManualMediaItem[]>({ queryKey: [API.videos.mediaItems()] });

export const useAddMediaItem = (config?: MutationConfig<ManualMediaItem, MediaItemInput>) =>
  useApiMutation((item: MediaItemInput) => apiJson<ManualMediaItem>("POST", API.videos.mediaItems(), item), config, refreshAll);

export const useRemoveMediaItem = (itemId: string, config?: MutationConfig<Response>) =>
  useApiMutation(() => apiRequest("DELETE", API.videos.mediaItem({ id: itemId })), config, refreshAll);
