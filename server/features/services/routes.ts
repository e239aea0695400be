import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ZAskQuestion,
  ZCreatePoll,
  ZCreateService,
  ZIdParams,
  ZLiveService,
  ZModerateQuestion,
  ZPoll,
  ZPollIdParams,
  ZPollResults,
  ZQuestion,
  ZQuestionQuery,
  QUESTION_PAGE_SIZE,
  ZService,
  ZUpdatePoll,
  ZUpdateService,
  ZVote,
} from "../../../contract/services";
import type { Deps } from "../../deps";
import { currentUser } from "../../http/auth";
import { LiveState } from "./live-state";
import { sendJsonText } from "../../http/json-text";
import { contentChange } from "../../http/shared-read";
import { createService } from "./create-service";
import { servicesList } from "./list-services";
import { updateService } from "./update-service";
import { createPoll } from "./create-poll";
import { updatePoll } from "./update-poll";
import { votePoll } from "./vote-poll";
import { VoteBatch } from "./vote-batch";
import { getPollResults } from "./get-poll-results";
import { askQuestion } from "./ask-question";
import { ApprovedQuestions, listQuestions } from "./list-questions";
import { moderateQuestion } from "./moderate-question";
import { API } from "../../../contract/api-paths";
import { isStaff } from "../../../contract/roles";

export const servicesRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    // The live service's state (snapshot, counts, each member's vote) for this app; see live-state.ts.
    const live = new LiveState(deps);
    app.addHook("onClose", async () => live.close());
    // Votes written together, one commit per batch (decision 0127).
    const votes = new VoteBatch(deps.db);
    // Reads the same for every member, shared for this app (list-services.ts, list-questions.ts).
    const list = servicesList(deps);
    const approved = new ApprovedQuestions(deps);
    app.addHook("onClose", async () => {
      list.close();
      approved.close();
    });

    app.get(API.services.live.pattern, { config: { access: "member" }, schema: { response: { 200: ZLiveService } } }, async (req, reply) => {
      const json = await live.memberJson(currentUser(req));
      return json === null ? live.view(currentUser(req)) : sendJsonText(reply, json);
    });

    app.get(API.services.list.pattern, { config: { access: "member" }, schema: { response: { 200: z.array(ZService) } } }, async (_req, reply) =>
      sendJsonText(reply, list.json(await list.get()).bytes),
    );

    app.post(API.services.list.pattern, { config: { access: "staff" }, schema: { body: ZCreateService, response: { 201: ZService } } }, async (req, reply) => {
      const created = await contentChange(deps, "services", [list, approved], createService(deps.db, req.body));
      return reply.code(201).send(created);
    });

    app.patch(
      API.services.one.pattern,
      { config: { access: "staff" }, schema: { params: ZIdParams, body: ZUpdateService, response: { 200: ZService } } },
      (req) => {
        const change = updateService(deps, live, req.params.id, req.body, currentUser(req).id, (err) =>
          req.log.error({ err }, "service-started notifications not written; the sweep will write them"),
        );
        // A start or end is told by service-status (every screen refetches the services then), a
        // new title or date by content-changed; a start alone must not send every screen a second event.
        return req.body.title !== undefined || req.body.date !== undefined ? contentChange(deps, "services", [list], change) : change.finally(() => list.changed());
      },
    );

    app.post(
      API.services.polls.pattern,
      { config: { access: "staff" }, schema: { params: ZIdParams, body: ZCreatePoll, response: { 201: ZPoll } } },
      async (req, reply) => reply.code(201).send(await createPoll(deps, live, req.params.id, req.body)),
    );

    app.patch(
      API.polls.one.pattern,
      { config: { access: "staff" }, schema: { params: ZIdParams, body: ZUpdatePoll, response: { 200: ZPoll } } },
      (req) => updatePoll(deps, live, req.params.id, req.body.isOpen),
    );

    app.post(
      API.polls.vote.pattern,
      { config: { access: "member" }, schema: { params: ZPollIdParams, body: ZVote, response: { 201: ZPollResults } } },
      async (req, reply) => reply.code(201).send(await votePoll(deps, live, votes, req.params.pollId, currentUser(req).id, req.body.optionIndex)),
    );

    app.get(
      API.polls.results.pattern,
      { config: { access: "member" }, schema: { params: ZPollIdParams, response: { 200: ZPollResults } } },
      (req) => getPollResults(deps, live, req.params.pollId, currentUser(req).id),
    );

    app.post(
      API.services.questions.pattern,
      { config: { access: "member", rateLimit: "question" }, schema: { params: ZIdParams, body: ZAskQuestion, response: { 201: ZQuestion } } },
      async (req, reply) => reply.code(201).send(await askQuestion(deps, req.params.id, currentUser(req), req.body)),
    );

    app.get(
      API.services.questions.pattern,
      { config: { access: "member" }, schema: { params: ZIdParams, querystring: ZQuestionQuery, response: { 200: z.array(ZQuestion) } } },
      async (req, reply) => {
        const user = currentUser(req);
        // A member's first page is shared (list-questions.ts); staff's lists and older pages are read per request.
        const firstPage = !req.query.before && req.query.limit === QUESTION_PAGE_SIZE;
        return !isStaff(user.role) && firstPage ? sendJsonText(reply, await approved.json(req.params.id, user)) : listQuestions(deps.db, req.params.id, user, req.query);
      },
    );

    app.patch(
      API.questions.one.pattern,
      { config: { access: "staff" }, schema: { params: ZIdParams, body: ZModerateQuestion, response: { 200: ZQuestion } } },
      async (req) => {
        try {
          return await moderateQuestion(deps, live, req.params.id, req.body.isApproved);
        } finally {
          approved.changed();
        }
      },
    );
  };
