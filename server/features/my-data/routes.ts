import { Readable } from "node:stream";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZDeleteAccount } from "../../../contract/my-data";
import { API } from "../../../contract/api-paths";
import type { Deps } from "../../deps";
import { EVENTS_COOKIE, currentUser } from "../../http/auth";
import { exportFileName, exportMyData } from "./export-my-data";
import { deleteMyAccount } from "./delete-my-account";

/** The member's own data (issue 20, decision 0117): download it, or delete the account. */
export const myDataRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(API.myData.export.pattern, { config: { access: "member", rateLimit: "dataExport" } }, async (req, reply) => {
      const user = currentUser(req);
      return reply
        .header("content-type", "application/json; charset=utf-8")
        .header("content-disposition", `attachment; filename="${exportFileName(deps.now(), deps.church.timeZone)}"`)
        .header("cache-control", "no-store")
        .send(Readable.from(exportMyData(deps, user.id)));
    });

    app.delete(API.myData.account.pattern, { config: { access: "member", rateLimit: "accountDelete" }, schema: { body: ZDeleteAccount } }, async (req, reply) => {
      const user = currentUser(req);
      await deleteMyAccount(deps, user.id, req.body.password);
      // This process forgets at once; the others hear of the revoked sessions (session-cache.ts).
      app.sessionCache.forgetUser(user.id);
      reply.clearCookie(EVENTS_COOKIE, { path: API.events.stream() });
      return reply.code(204).send();
    });
  };
