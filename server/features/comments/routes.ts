import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZComment, ZCommentIdParams, ZCommentInput, ZCommentQuery } from "../../../contract/comments";
import type { Deps } from "../../deps";
import { currentUser } from "../../http/auth";
import { listComments } from "./list-comments";
import { postComment } from "./post-comment";
import { deleteComment } from "./delete-comment";
import { API } from "../../../contract/api-paths";

export const commentsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      API.comments.list.pattern,
      { config: { access: "member" }, schema: { querystring: ZCommentQuery, response: { 200: z.array(ZComment) } } },
      (req) => listComments(deps.db, currentUser(req).id, req.query),
    );

    app.post(
      API.comments.list.pattern,
      { config: { access: "member", rateLimit: "comment" }, schema: { body: ZCommentInput, response: { 201: ZComment } } },
      async (req, reply) => reply.code(201).send(await postComment(deps, currentUser(req), req.body)),
    );

    app.delete(API.comments.one.pattern, { config: { access: "staff" }, schema: { params: ZCommentIdParams } }, async (req, reply) => {
      await deleteComment(deps, currentUser(req), req.params.id);
      return reply.code(204).send();
    });
  };
