import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  DAILY_TEXT,
  ZAdminChallenge,
  ZAdminJourney,
  ZAdminJourneyDetail,
  ZChallengePatch,
  ZJourneyDaysBody,
  ZJourneyOption,
  ZJourneyPatch,
  ZJourneyPreviewQuery,
  ZNewJourney,
  ZChallenge,
  ZDailyPreview,
  ZEnroll,
  ZEnrollResult,
  ZIdParams,
  ZNewChallenge,
  ZUnsubscribeQuery,
  ZUserChallenge,
} from "../../../contract/connect";
import type { Deps } from "../../deps";
import { currentUser } from "../../http/auth";
import { escapeHtml } from "../../http/escape-html";
import { enrollJourney } from "./enroll-journey";
import { getDailyPreview } from "./get-daily-preview";
import { unsubscribeJourney } from "./unsubscribe-journey";
import { OpenChallenges, listAdminChallenges } from "./list-challenges";
import { updateChallenge } from "./update-challenge";
import { JourneyOptions } from "./list-journeys";
import { createJourney } from "./create-journey";
import { getAdminJourney, listAdminJourneys } from "./list-admin-journeys";
import { updateJourney } from "./update-journey";
import { saveJourneyDays } from "./save-journey-days";
import { previewJourneyDay } from "./preview-journey-day";
import { createChallenge } from "./create-challenge";
import { listMyChallenges } from "./list-my-challenges";
import { joinChallenge } from "./join-challenge";
import { recordChallengeProgress } from "./record-challenge-progress";
import { findDevotionalAudio, parseRange } from "./journey-audio";
import { API } from "../../../contract/api-paths";
import { sendDbJson, sendJsonText } from "../../http/json-text";
import { contentChange } from "../../http/shared-read";

export const connectRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    // Staff-written content every member of a language reads alike, shared for this app
    // (list-journeys.ts, list-challenges.ts); staff's changes below refresh it here at once.
    const journeyOptions = new JourneyOptions(deps);
    const openChallenges = new OpenChallenges(deps);
    app.addHook("onClose", async () => {
      journeyOptions.close();
      openChallenges.close();
    });

    // Daily journey
    app.post(
      API.connect.dailyEnroll.pattern,
      { config: { access: "member", rateLimit: "journeyEnroll" }, schema: { body: ZEnroll, response: { 201: ZEnrollResult } } },
      async (req, reply) => reply.code(201).send(await enrollJourney(deps, currentUser(req), req.body.sequenceKey)),
    );
    app.get(API.connect.journeys.pattern, { config: { access: "member" }, schema: { response: { 200: z.array(ZJourneyOption) } } }, async (req, reply) =>
      sendJsonText(reply, await journeyOptions.json(currentUser(req))),
    );
    app.get(API.connect.dailyPreview.pattern, { config: { access: "member" }, schema: { response: { 200: ZDailyPreview } } }, async (req) =>
      getDailyPreview(deps, currentUser(req)),
    );
    /** The link in every journey email: a plain page, no sign-in needed (the token is the credential). */
    /**
     * The journey email's one-click unsubscribe (RFC 8058, decision 0118): a mail client POSTs
     * `List-Unsubscribe=One-Click` (form-encoded) to the List-Unsubscribe link. Same effect as the
     * link; the answer is the same whether the token stopped a journey or not.
     */
    await app.register(async (scope) => {
      const oneClick = scope.withTypeProvider<ZodTypeProvider>();
      for (const type of ["application/x-www-form-urlencoded", "multipart/form-data"]) {
        oneClick.addContentTypeParser(type, { parseAs: "string" }, (_req, _body, done) => done(null, {}));
      }
      oneClick.post(
        API.connect.dailyUnsubscribe.pattern,
        { config: { access: "public", rateLimit: "journeyUnsubscribe" }, schema: { querystring: ZUnsubscribeQuery } },
        async (req, reply) => {
          await unsubscribeJourney(deps, req.query.token);
          return reply.code(204).send();
        },
      );
    });

    app.get(API.connect.dailyUnsubscribe.pattern, { config: { access: "public" }, schema: { querystring: ZUnsubscribeQuery } }, async (req, reply) => {
      const stopped = await unsubscribeJourney(deps, req.query.token);
      const message = stopped ? DAILY_TEXT.unsubscribed : DAILY_TEXT.unsubscribeUnknown;
      return reply
        .code(stopped ? 200 : 404)
        .type("text/html; charset=utf-8")
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(deps.church.name)}</title></head>` +
            `<body style="font-family:system-ui,sans-serif;max-width:480px;margin:48px auto;padding:0 20px;line-height:1.5"><h1 style="font-size:22px">${escapeHtml(deps.church.name)}</h1><p>${escapeHtml(message)}</p></body></html>`,
        );
    });

    /**
     * The Listen link in journey emails: a stored recording of the day's devotional, found by
     * its unguessable token. Public (opened from an email, no bearer token); it only reads.
     */
    app.get(
      API.connect.dailyAudio.pattern,
      { config: { access: "public" }, schema: { params: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{40,64}$/) }) } },
      async (req, reply) => {
        const found = await findDevotionalAudio(deps, req.params.token);
        if (!found) return reply.code(404).send({ error: "This recording is not available", code: "NOT_FOUND" });
        const size = found.audio.length;
        reply
          .type(found.contentType)
          .header("accept-ranges", "bytes")
          .header("cache-control", "public, max-age=31536000, immutable")
          .header("content-disposition", 'inline; filename="devotional.mp3"');
        const range = parseRange(req.headers.range, size);
        if (range === "unsatisfiable") return reply.code(416).header("content-range", `bytes */${size}`).send();
        if (!range) return reply.header("content-length", String(size)).send(found.audio);
        return reply
          .code(206)
          .header("content-range", `bytes ${range.start}-${range.end}/${size}`)
          .header("content-length", String(range.end - range.start + 1))
          .send(found.audio.subarray(range.start, range.end + 1));
      },
    );

    // Journeys authored by staff: Admin → Journeys (decision 0108)
    // The reads' JSON is written by PostgreSQL (list-admin-journeys.ts): sent as it is.
    app.get(API.admin.journeys.pattern, { config: { access: "staff" }, schema: { response: { 200: z.array(ZAdminJourney) } } }, async (_req, reply) =>
      sendDbJson(reply, await listAdminJourneys(deps)),
    );
    app.post(
      API.admin.journeys.pattern,
      { config: { access: "staff", rateLimit: "journeyAuthoring" }, schema: { body: ZNewJourney, response: { 201: ZAdminJourney } } },
      async (req, reply) => reply.code(201).send(await contentChange(deps, "journeys", [journeyOptions], createJourney(deps, req.body))),
    );
    app.get(API.admin.journey.pattern, { config: { access: "staff" }, schema: { params: ZIdParams, response: { 200: ZAdminJourneyDetail } } }, async (req, reply) =>
      sendDbJson(reply, await getAdminJourney(deps, req.params.id)),
    );
    app.patch(
      API.admin.journey.pattern,
      { config: { access: "staff", rateLimit: "journeyAuthoring" }, schema: { params: ZIdParams, body: ZJourneyPatch, response: { 200: ZAdminJourney } } },
      async (req) => contentChange(deps, "journeys", [journeyOptions], updateJourney(deps, req.params.id, req.body)),
    );
    app.put(
      API.admin.journeyDays.pattern,
      { config: { access: "staff", rateLimit: "journeyAuthoring" }, schema: { params: ZIdParams, body: ZJourneyDaysBody, response: { 200: ZAdminJourneyDetail } } },
      async (req) => contentChange(deps, "journeys", [journeyOptions], saveJourneyDays(deps, req.params.id, req.body.days)),
    );
    app.get(
      API.admin.journeyPreview.pattern,
      { config: { access: "staff" }, schema: { params: ZIdParams, querystring: ZJourneyPreviewQuery, response: { 200: ZDailyPreview } } },
      async (req) => previewJourneyDay(deps, req.params.id, req.query.day, req.query.locale),
    );

    // Challenges
    app.get(API.connect.challenges.pattern, { config: { access: "member" }, schema: { response: { 200: z.array(ZChallenge) } } }, async (req, reply) => {
      return sendJsonText(reply, await openChallenges.json(currentUser(req)));
    });
    app.get(API.admin.challenges.pattern, { config: { access: "staff" }, schema: { response: { 200: z.array(ZAdminChallenge) } } }, async () =>
      listAdminChallenges(deps),
    );
    app.post(
      API.connect.challenges.pattern,
      { config: { access: "staff", rateLimit: "challengeAuthoring" }, schema: { body: ZNewChallenge, response: { 201: ZAdminChallenge } } },
      async (req, reply) => reply.code(201).send(await contentChange(deps, "challenges", [openChallenges], createChallenge(deps, req.body))),
    );
    app.patch(
      API.connect.challenge.pattern,
      { config: { access: "staff", rateLimit: "challengeAuthoring" }, schema: { params: ZIdParams, body: ZChallengePatch, response: { 200: ZAdminChallenge } } },
      async (req) => contentChange(deps, "challenges", [openChallenges], updateChallenge(deps, req.params.id, req.body)),
    );
    /** Archive (never delete): members who joined keep it, its check-ins and streak. */
    app.delete(
      API.connect.challenge.pattern,
      { config: { access: "staff", rateLimit: "challengeAuthoring" }, schema: { params: ZIdParams, response: { 200: ZAdminChallenge } } },
      async (req) => contentChange(deps, "challenges", [openChallenges], updateChallenge(deps, req.params.id, { archived: true })),
    );
    app.get(API.connect.myChallenges.pattern, { config: { access: "member" }, schema: { response: { 200: z.array(ZUserChallenge) } } }, async (req) =>
      listMyChallenges(deps, currentUser(req)),
    );
    app.post(
      API.connect.joinChallenge.pattern,
      { config: { access: "member" }, schema: { params: ZIdParams, response: { 200: ZUserChallenge } } },
      async (req) => joinChallenge(deps, currentUser(req), req.params.id),
    );
    app.post(
      API.connect.challengeProgress.pattern,
      { config: { access: "member" }, schema: { params: ZIdParams, response: { 200: ZUserChallenge } } },
      async (req) => recordChallengeProgress(deps, currentUser(req), req.params.id),
    );
  };
