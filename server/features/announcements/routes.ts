import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZAnnouncement, ZAnnouncementIdParams, ZAnnouncementInput, ZAnnouncementList, ZAnnouncementsQuery } from "../../../contract/announcements";
import type { Deps } from "../../deps";
import { currentUser } from "../../http/auth";
import { sendDbJson } from "../../http/json-text";
import { API } from "../../../contract/api-paths";
import { createAnnouncement } from "./create-announcement";
import { listAnnouncements } from "./list-announcements";
import { cancelAnnouncement } from "./cancel-announcement";

/** Staff's announcements (issue 18, decision 0110): compose, list, cancel. Members receive them through their inbox, push and email. */
export const announcementsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      API.announcements.list.pattern,
      { config: { access: "staff" }, schema: { querystring: ZAnnouncementsQuery, response: { 200: ZAnnouncementList } } },
      // JSON written by PostgreSQL (list-announcements.ts), sent as it is.
      async (req, reply) => sendDbJson(reply, await listAnnouncements(deps.db, req.query)),
    );

    app.post(
      API.announcements.list.pattern,
      { config: { access: "staff", rateLimit: "announcement" }, schema: { body: ZAnnouncementInput, response: { 201: ZAnnouncement } } },
      async (req, reply) => reply.code(201).send(await createAnnouncement(deps, currentUser(req), req.body)),
    );

    app.post(
      API.announcements.cancel.pattern,
      { config: { access: "staff", rateLimit: "announcement" }, schema: { params: ZAnnouncementIdParams, response: { 200: ZAnnouncement } } },
      (req) => cancelAnnouncement(deps, req.params.id),
    );
  };
