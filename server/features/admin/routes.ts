import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { desc } from "drizzle-orm";
import { ZRoleChange, ZUserIdParams, ZUserSearch, ZOutboxEntry } from "../../../contract/admin";
import { ZUser } from "../../../contract/auth";
import type { Deps } from "../../deps";
import { changeRole } from "./change-role";
import { listUsers } from "./list-users";
import { toPublicUser } from "../../shared/public-user";
import { emailOutbox } from "../../db/schema/platform";

export const adminRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/admin/users",
      { config: { access: "owner" }, schema: { querystring: ZUserSearch, response: { 200: z.array(ZUser) } } },
      async (req) => (await listUsers(deps.db, req.query.q)).map(toPublicUser),
    );

    app.patch(
      "/api/admin/users/:id",
      { config: { access: "owner" }, schema: { params: ZUserIdParams, body: ZRoleChange, response: { 200: ZUser } } },
      async (req) => {
        const changed = await changeRole(deps.db, { id: req.params.id }, req.body.role);
        app.sessionCache.forgetUser(changed.id);
        return toPublicUser(changed);
      },
    );

    /**
     * The sandbox email outbox (latest 50), so staff can see what would have been sent.
     * Messages holding a secret link (password reset) are hidden: staff must not be able to take over an account.
     */
    app.get("/api/admin/outbox", { config: { access: "staff" }, schema: { response: { 200: z.array(ZOutboxEntry) } } }, async () => {
      const rows = await deps.db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt)).limit(50);
      return rows.map((r) => ({ id: r.id, to: r.to, subject: r.subject, text: r.sensitive ? "[hidden: this message holds a private link]" : r.text, createdAt: r.createdAt.toISOString() }));
    });
  };
