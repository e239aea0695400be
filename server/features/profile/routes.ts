/**
 * A member's own profile (Profile → Edit, issue 20):
 *   PATCH  /api/me        names, phone (E.164), language; answers the member's own user
 *   PUT    /api/me/photo  the image itself as the body (JPEG, PNG or WebP, up to 10 MB), re-encoded
 *   DELETE /api/me/photo
 *   GET    /api/members/:id/photo/:version/:size  the photo (WebP, 512 or 128 px)
 * Every write acts on the asker's own account only: no route here takes another member's id.
 *
 * Who may see a photo: any signed-in member who has its URL. The URL holds the member's id and
 * a version made from the image's hash (80 bits), so it cannot be guessed; a member learns it
 * only from an answer that shows that member (their own today; the directory decides for
 * others). An old version's URL is a 404, so a replaced or removed photo stops being served.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { API } from "../../../contract/api-paths";
import { ZOwnUser } from "../../../contract/auth";
import { PHOTO_MAX_BYTES, PHOTO_SIZES, PROFILE_TEXT, ZProfilePatch } from "../../../contract/profile";
import type { Deps } from "../../deps";
import { badRequest, notFound } from "../../http/app-error";
import { currentUser } from "../../http/auth";
import { acceptRawUploads, isReceivedUpload } from "../../shared/image-upload";
import { toOwnUser } from "../../shared/public-user";
import { renderPhoto } from "./photo-images";
import { photoBytes, removePhoto, setPhoto, updateProfile } from "./update-profile";

export const profileRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.patch(
      API.profile.me.pattern,
      { config: { access: "member", rateLimit: "profile" }, schema: { body: ZProfilePatch, response: { 200: ZOwnUser } } },
      async (req) => {
        const me = currentUser(req);
        const next = await updateProfile(deps, me.id, req.body);
        app.sessionCache.forgetUser(me.id);
        return toOwnUser(next);
      },
    );

    // The upload takes the image itself as the body (any Content-Type: the bytes decide what it
    // is, photo-images.ts), in a context of its own so no other route reads raw bodies.
    await app.register(async (upload) => {
      acceptRawUploads(upload, PHOTO_MAX_BYTES, "photo", PROFILE_TEXT.photoTooLarge);
      upload.put(
        API.profile.photo.pattern,
        // Fastify's own limit sits above ours, so a body 1 byte too large is our 400 on `photo`, not a bare 413.
        { config: { access: "member", rateLimit: "profilePhoto" }, bodyLimit: PHOTO_MAX_BYTES + 1024, schema: { response: { 200: ZOwnUser } } },
        async (req) => {
          const me = currentUser(req);
          if (!isReceivedUpload(req.body)) throw badRequest("photo", PROFILE_TEXT.photoNotImage);
          let images;
          try {
            images = await renderPhoto(req.body);
          } finally {
            await req.body.discard(); // (and after any answer, whatever happened: acceptRawUploads)
          }
          const next = await setPhoto(deps, me.id, images);
          app.sessionCache.forgetUser(me.id);
          return toOwnUser(next);
        },
      );
    });

    app.delete(
      API.profile.photo.pattern,
      { config: { access: "member", rateLimit: "profilePhoto" }, schema: { response: { 200: ZOwnUser } } },
      async (req) => {
        const me = currentUser(req);
        const next = await removePhoto(deps, me.id);
        app.sessionCache.forgetUser(me.id);
        return toOwnUser(next);
      },
    );

    app.get(
      API.profile.memberPhoto.pattern,
      {
        config: { access: "member" },
        schema: { params: z.object({ id: z.uuid(), version: z.string().regex(/^[0-9a-f]{1,64}$/), size: z.enum(PHOTO_SIZES) }) },
      },
      async (req, reply) => {
        const bytes = await photoBytes(deps.db, req.params.id, req.params.version, req.params.size);
        if (!bytes) throw notFound(PROFILE_TEXT.photoNotFound);
        return reply
          .header("content-type", "image/webp")
          .header("cache-control", "private, max-age=31536000, immutable")
          .header("x-content-type-options", "nosniff")
          .send(bytes);
      },
    );
  };
