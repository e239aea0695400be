import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ZAdminGroup,
  ZAdminGroupPage,
  ZGroup,
  ZGroupListQuery,
  ZGroupPage,
  ZGroupChange,
  ZGroupParams,
  ZGroupPerson,
  ZGroupRequestAction,
  ZGroupRoster,
  ZNewGroup,
  ZPeopleSearch,
  ZRosterQuery,
} from "../../../contract/groups";
import { API } from "../../../contract/api-paths";
import type { Deps } from "../../deps";
import { currentUser } from "../../http/auth";
import { sendDbJson } from "../../http/json-text";
import { keptGroupPages, listGroups, listMyGroups } from "./group-view";
import { archiveGroup, createGroup, updateGroup } from "./save-group";
import { decideRequest, getRoster, joinGroup, keptRosters, leaveGroup } from "./membership";
import { searchPeople } from "./search-people";

/** Small groups (spec section 2, Connect; decision 0107): members join and leave, leaders lead, staff author. */
export const groupsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    // The rosters' first pages, served again while each roster's version is unchanged (decision 0148).
    const rosters = keptRosters();
    // The members' first page of groups, served again while the groups' version is unchanged (decision 0151).
    const firstPages = keptGroupPages();

    // Members
    // The reads' JSON is written by PostgreSQL (group-view.ts, membership.ts, search-people.ts): sent as it is.
    app.get(API.groups.list.pattern, { config: { access: "member" }, schema: { querystring: ZGroupListQuery, response: { 200: ZGroupPage } } }, async (req, reply) =>
      sendDbJson(reply, await listGroups(deps.db, currentUser(req).id, req.query, false, firstPages)),
    );
    app.get(API.groups.mine.pattern, { config: { access: "member" }, schema: { response: { 200: z.array(ZGroup) } } }, async (req, reply) =>
      sendDbJson(reply, await listMyGroups(deps.db, currentUser(req).id)),
    );
    app.post(
      API.groups.join.pattern,
      { config: { access: "member", rateLimit: "groupJoin" }, schema: { params: ZGroupParams, response: { 200: ZGroup } } },
      async (req) => joinGroup(deps, currentUser(req), req.params.id),
    );
    app.post(
      API.groups.leave.pattern,
      { config: { access: "member", rateLimit: "groupJoin" }, schema: { params: ZGroupParams, response: { 200: ZGroup } } },
      async (req) => leaveGroup(deps, currentUser(req), req.params.id),
    );

    // Leaders (and staff): the roster and the requests. Checked per group in the use case; a first
    // page's people kept while the roster's version is unchanged (decision 0148).
    app.get(
      API.groups.members.pattern,
      { config: { access: "member" }, schema: { params: ZGroupParams, querystring: ZRosterQuery, response: { 200: ZGroupRoster } } },
      async (req, reply) => sendDbJson(reply, await getRoster(deps, currentUser(req), req.params.id, req.query, rosters)),
    );
    app.post(
      API.groups.request.pattern,
      { config: { access: "member", rateLimit: "groupRequestDecision" }, schema: { params: ZGroupRequestAction, response: { 200: ZGroupRoster } } },
      async (req, reply) => sendDbJson(reply, await decideRequest(deps, currentUser(req), req.params.id, req.params.userId, req.params.action)),
    );

    // Staff
    app.get(API.groups.admin.pattern, { config: { access: "staff" }, schema: { querystring: ZGroupListQuery, response: { 200: ZAdminGroupPage } } }, async (req, reply) =>
      sendDbJson(reply, await listGroups(deps.db, currentUser(req).id, req.query, true)),
    );
    app.get(API.groups.people.pattern, { config: { access: "staff" }, schema: { querystring: ZPeopleSearch, response: { 200: z.array(ZGroupPerson) } } }, async (req, reply) =>
      sendDbJson(reply, await searchPeople(deps, req.query.q)),
    );
    app.post(
      API.groups.list.pattern,
      { config: { access: "staff", rateLimit: "groupAuthor" }, schema: { body: ZNewGroup, response: { 201: ZAdminGroup } } },
      async (req, reply) => reply.code(201).send(await createGroup(deps, currentUser(req), req.body)),
    );
    app.patch(
      API.groups.one.pattern,
      { config: { access: "staff", rateLimit: "groupAuthor" }, schema: { params: ZGroupParams, body: ZGroupChange, response: { 200: ZAdminGroup } } },
      async (req) => updateGroup(deps, currentUser(req), req.params.id, req.body),
    );
    app.delete(
      API.groups.one.pattern,
      { config: { access: "staff", rateLimit: "groupAuthor" }, schema: { params: ZGroupParams, response: { 200: ZAdminGroup } } },
      async (req) => archiveGroup(deps, currentUser(req), req.params.id),
    );
  };
