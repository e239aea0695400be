import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZPrayedResult, ZPrayer, ZPrayerIdParams, ZPrayerRequestInput } from "../../../contract/prayer";
import type { Deps } from "../../deps";
import { currentUser } from "../../http/auth";
import { limitWrite } from "../../http/write-limits";
import { submitPrayerRequest } from "./submit-prayer-request";
import { PrayerWalls } from "./list-prayers";
import { sendJsonText } from "../../http/json-text";
import { prayForRequest } from "./pray-for-request";
import { markPrayerAnswered } from "./mark-prayer-answered";
import { hidePrayerRequest } from "./hide-prayer-request";
import { API } from "../../../contract/api-paths";

export const prayerRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    // The wall every member sees alike, shared for this app (list-prayers.ts); each write below refreshes it here at once.
    const walls = new PrayerWalls(deps);
    app.addHook("onClose", async () => walls.close());

    app.post(
      API.prayer.requests.pattern,
      { config: { access: "member", rateLimit: "prayerRequest" }, schema: { body: ZPrayerRequestInput, response: { 201: z.object({ id: z.string() }) } } },
      async (req, reply) => {
        const user = currentUser(req);
        // Each urgent request emails the church's prayer team: a tighter limit of its own.
        if (req.body.isUrgent) await limitWrite(deps, req, "urgentPrayerRequest");
        const created = await submitPrayerRequest(deps, user, req.body);
        walls.changed();
        return reply.code(201).send(created);
      },
    );

    app.get(API.prayer.list.pattern, { config: { access: "member" }, schema: { response: { 200: z.array(ZPrayer) } } }, async (req, reply) =>
      sendJsonText(reply, await walls.json(currentUser(req))),
    );

    app.post(
      API.prayer.pray.pattern,
      { config: { access: "member", rateLimit: "prayerPray" }, schema: { params: ZPrayerIdParams, response: { 200: ZPrayedResult } } },
      async (req) => {
        const result = await prayForRequest(deps, currentUser(req), req.params.id);
        walls.changed();
        return result;
      },
    );

    app.post(API.prayer.answered.pattern, { config: { access: "member", rateLimit: "prayerAnswered" }, schema: { params: ZPrayerIdParams } }, async (req, reply) => {
      await markPrayerAnswered(deps, currentUser(req), req.params.id);
      walls.changed();
      return reply.code(204).send();
    });

    app.post(API.prayer.hide.pattern, { config: { access: "staff" }, schema: { params: ZPrayerIdParams } }, async (req, reply) => {
      await hidePrayerRequest(deps, currentUser(req), req.params.id);
      walls.changed();
      return reply.code(204).send();
    });
  };
