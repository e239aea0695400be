/**
 * Keyset cursors for the group lists and a roster (decision 0125): the sort key of the previous
 * page's last row, as the asker was shown it, in base64url JSON. A cursor names a place in the
 * order, never a row to read, so a made-up one reveals nothing; one that is not such a key is a
 * 400 on `cursor`.
 */
import { badRequest } from "../../http/app-error";
import { GROUPS_TEXT } from "../../../contract/groups";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const writeCursor = (key: unknown[]) => Buffer.from(JSON.stringify(key)).toString("base64url");

function readKey(cursor: string, valid: (key: unknown[]) => boolean): unknown[] {
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    key = null;
  }
  // NUL never reaches the database (a text with it is refused there, a 500).
  if (!Array.isArray(key) || !valid(key) || key.some((k) => typeof k === "string" && k.includes("\u0000"))) throw badRequest("cursor", GROUPS_TEXT.badCursor);
  return key;
}

/** A group list's cursor: live (0) or archived (1), and the last group's name (names are unique, archived groups included). */
export type GroupCursor = [archived: 0 | 1, name: string];
export const readGroupCursor = (cursor: string) => readKey(cursor, (k) => k.length === 2 && (k[0] === 0 || k[0] === 1) && typeof k[1] === "string") as GroupCursor;

/** A roster's cursor: leaders first (0) then members (1), first name, last name, user id. */
export type RosterCursor = [rank: 0 | 1, firstName: string, lastName: string, userId: string];
export const readRosterCursor = (cursor: string) =>
  readKey(
    cursor,
    (k) => k.length === 4 && (k[0] === 0 || k[0] === 1) && typeof k[1] === "string" && typeof k[2] === "string" && typeof k[3] === "string" && UUID.test(k[3]),
  ) as RosterCursor;
