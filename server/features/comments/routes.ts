import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZComment, ZCommentIdParams, ZCommentInput, ZCommentQuery } from "../../../contract/comments";
import type { Deps } from "../../deps";
import { currentUser } from "../../http/auth";
import { CommentFeed, listComments } from "./list-comments";
import { sendJsonText } from "../../http/json-text";
import { COMMENT_PAGE_SIZE } from "../../../contract/comments";
import { postComment } from "./post-comment";
import { deleteComment } from "./delete-comment";
import { API } from "../../../contract/api-paths";

export const commentsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    // The feed's first page, shared for this app (list-comments.ts); each write below refreshes it here at once.
    const feed = new CommentFeed(deps);
    app.addHook("onClose", async () => feed.close());

    app.get(
      API.comments.list.pattern,
      { config: { access: "member" }, schema: { querystring: ZCommentQuery, response: { 200: z.array(ZComment) } } },
      async (req, reply) =>
        !req.query.before && req.query.limit === COMMENT_PAGE_SIZE
          ? sendJsonText(reply, await feed.json(currentUser(req)))
          : listComments(deps.db, currentUser(req).id, req.query),
    );

    app.post(
      API.comments.list.pattern,
      { config: { access: "member", rateLimit: "comment" }, schema: { body: ZCommentInput, response: { 201: ZComment } } },
      async (req, reply) => {
        const posted = await postComment(deps, currentUser(req), req.body);
        feed.changed();
        return reply.code(201).send(posted);
      },
    );

    app.delete(API.comments.one.pattern, { config: { access: "staff" }, schema: { params: ZCommentIdParams } }, async (req, reply) => {
      try {
        await deleteComment(deps, currentUser(req), req.params.id);
      } finally {
        feed.changed();
      }
      return reply.code(204).send();
    });
  };
