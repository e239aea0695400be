import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZNote, ZNoteIdParams, ZNoteInput, ZNotePage, ZNotesQuery } from "../../../contract/notes";
import type { Deps } from "../../deps";
import { currentUser } from "../../http/auth";
import { listNotes } from "./list-notes";
import { getNote } from "./get-note";
import { createNote } from "./create-note";
import { updateNote } from "./update-note";
import { deleteNote } from "./delete-note";
import { API } from "../../../contract/api-paths";

export const notesRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(API.notes.list.pattern, { config: { access: "member" }, schema: { querystring: ZNotesQuery, response: { 200: ZNotePage } } }, (req) =>
      listNotes(deps.db, currentUser(req).id, req.query),
    );

    app.get(
      API.notes.one.pattern,
      { config: { access: "member" }, schema: { params: ZNoteIdParams, response: { 200: ZNote } } },
      (req) => getNote(deps.db, currentUser(req).id, req.params.id),
    );

    app.post(
      API.notes.list.pattern,
      { config: { access: "member", rateLimit: "note" }, schema: { body: ZNoteInput, response: { 201: ZNote } } },
      async (req, reply) => reply.code(201).send(await createNote(deps, currentUser(req).id, req.body)),
    );

    app.put(
      API.notes.one.pattern,
      { config: { access: "member", rateLimit: "note" }, schema: { params: ZNoteIdParams, body: ZNoteInput, response: { 200: ZNote } } },
      (req) => updateNote(deps, currentUser(req).id, req.params.id, req.body),
    );

    app.delete(API.notes.one.pattern, { config: { access: "member", rateLimit: "note" }, schema: { params: ZNoteIdParams } }, async (req, reply) => {
      await deleteNote(deps.db, currentUser(req).id, req.params.id);
      return reply.code(204).send();
    });
  };
