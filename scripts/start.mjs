/**
 * `npm start`: builds the client and the server when their sources changed since the last build
 * (scripts/ensure-client.mjs, scripts/build-server.mjs), then runs the server bundle in this
 * process. On a machine where both are built, the start is the server's own: open the database,
 * migrate, listen.
 */
import { pathToFileURL } from "node:url";
import { ensureServerBuilt } from "./build-server.mjs";

process.setSourceMapsEnabled(true); // stack traces point at server/*.ts
await import("./ensure-client.mjs");
await import(pathToFileURL(await ensureServerBuilt()).href);
