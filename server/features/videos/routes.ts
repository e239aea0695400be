import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZManualMediaItem, ZMediaItemIdParams, ZMediaItemInput, ZVideo, ZVideoSyncStatus } from "../../../contract/videos";
import type { Deps } from "../../deps";
import { currentUser } from "../../http/auth";
import { listVideos } from "./list-videos";
import { addMediaItem } from "./add-media-item";
import { listManualMediaItems } from "./list-manual-media-items";
import { removeMediaItem } from "./remove-media-item";
import { getVideoSyncStatus } from "./get-video-sync-status";
import { API } from "../../../contract/api-paths";

export const videosRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(API.videos.list.pattern, { config: { access: "member" }, schema: { response: { 200: z.array(ZVideo) } } }, () => listVideos(deps.db));

    app.get(API.videos.syncStatus.pattern, { config: { access: "staff" }, schema: { response: { 200: ZVideoSyncStatus } } }, () => getVideoSyncStatus(deps));

    /** Media items staff add by hand (Admin, Media); members see them through /api/media and /api/videos. */
    app.get(API.videos.mediaItems.pattern, { config: { access: "staff" }, schema: { response: { 200: z.array(ZManualMediaItem) } } }, () =>
      listManualMediaItems(deps.db),
    );

    app.post(
      API.videos.mediaItems.pattern,
      { config: { access: "staff" }, schema: { body: ZMediaItemInput, response: { 201: ZManualMediaItem } } },
      async (req, reply) => reply.code(201).send(await addMediaItem(deps, currentUser(req), req.body)),
    );

    app.delete(API.videos.mediaItem.pattern, { config: { access: "staff" }, schema: { params: ZMediaItemIdParams } }, async (req, reply) => {
      await removeMediaItem(deps.db, req.params.id);
      return reply.code(204).send();
    });
  };
