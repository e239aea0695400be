import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Deps } from "../../deps";
import { currentUser } from "../../http/auth";
import { sendDbJson } from "../../http/json-text";
import { API } from "../../../contract/api-paths";
import { ZDirectoryPage, ZDirectoryQuery, ZDirectorySettings, ZDirectorySettingsPatch } from "../../../contract/directory";
import { getDirectorySettings, updateDirectorySettings } from "./settings";
import { searchDirectory, sharedDirectoryPages } from "./search-directory";

/** The church directory (issue 20, Connect → Directory, decision 0118). */
export const directoryRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    // The first pages without a search, served again while the directory is unchanged (decision 0147).
    const shared = sharedDirectoryPages();

    app.get(API.directory.mine.pattern, { config: { access: "member" }, schema: { response: { 200: ZDirectorySettings } } }, (req) =>
      getDirectorySettings(deps.db, currentUser(req).id),
    );

    app.put(
      API.directory.mine.pattern,
      { config: { access: "member", rateLimit: "directorySettings" }, schema: { body: ZDirectorySettingsPatch, response: { 200: ZDirectorySettings } } },
      (req) => updateDirectorySettings(deps, currentUser(req).id, req.body),
    );

    // The page's JSON is written by PostgreSQL (search-directory.ts, decision 0142): sent as it is;
    // a first page without a search may be the one kept for the directory's current version (0147).
    app.get(API.directory.search.pattern, { config: { access: "member" }, schema: { querystring: ZDirectoryQuery, response: { 200: ZDirectoryPage } } }, async (req, reply) =>
      sendDbJson(reply, await searchDirectory(deps.db, currentUser(req), req.query, shared)),
    );
  };
