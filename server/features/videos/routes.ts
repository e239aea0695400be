import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZMediaItem } from "../../../contract/connect";
import { ZManualMediaItem, ZMediaItemIdParams, ZMediaItemInput, ZVideo, ZVideoSyncStatus } from "../../../contract/videos";
import type { Deps } from "../../deps";
import { currentUser } from "../../http/auth";
import { MediaLibrary } from "./media-library";
import { sendJsonText } from "../../http/json-text";
import { contentChange } from "../../http/shared-read";
import { addMediaItem } from "./add-media-item";
import { removeMediaItem } from "./remove-media-item";
import { getVideoSyncStatus } from "./get-video-sync-status";
import { API } from "../../../contract/api-paths";

export const videosRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    // Recent sermons and the library, shared for this app (media-library.ts).
    const library = new MediaLibrary(deps);
    app.addHook("onClose", async () => library.close());

    app.get(API.videos.list.pattern, { config: { access: "member" }, schema: { response: { 200: z.array(ZVideo) } } }, async (_req, reply) =>
      sendJsonText(reply, library.videos.json(await library.videos.get()).bytes),
    );

    /** Recent sermons on Home (signed in only): the newest media items and videos, merged. */
    app.get(API.connect.media.pattern, { config: { access: "member" }, schema: { response: { 200: z.array(ZMediaItem) } } }, async (_req, reply) =>
      sendJsonText(reply, library.recent.json(await library.recent.get()).bytes),
    );

    app.get(API.videos.syncStatus.pattern, { config: { access: "staff" }, schema: { response: { 200: ZVideoSyncStatus } } }, () => getVideoSyncStatus(deps));

    /** Media items staff add by hand (Admin, Media); members see them through /api/media and /api/videos. */
    app.get(API.videos.mediaItems.pattern, { config: { access: "staff" }, schema: { response: { 200: z.array(ZManualMediaItem) } } }, async (_req, reply) =>
      sendJsonText(reply, library.manual.json(await library.manual.get()).bytes),
    );

    app.post(
      API.videos.mediaItems.pattern,
      { config: { access: "staff" }, schema: { body: ZMediaItemInput, response: { 201: ZManualMediaItem } } },
      async (req, reply) => {
        const added = await contentChange(deps, "media", [library], addMediaItem(deps, currentUser(req), req.body));
        return reply.code(201).send(added);
      },
    );

    app.delete(API.videos.mediaItem.pattern, { config: { access: "staff" }, schema: { params: ZMediaItemIdParams } }, async (req, reply) => {
      await contentChange(deps, "media", [library], removeMediaItem(deps.db, req.params.id));
      return reply.code(204).send();
    });
  };
