import type { Deps } from "../../deps";
import type { AuthUser } from "../../http/auth";
import { groupMembers } from "../../db/schema/connect";
import { notFound } from "../../http/app-error";
import { GROUP_TEXT } from "../../../contract/connect";
import { listGroups } from "./list-groups";

/** Idempotent: the primary key (group, member) keeps one membership however often it is asked. */
export async function joinGroup(deps: Deps, user: AuthUser, groupId: string) {
  const [exists] = await listGroups(deps, user, { groupId });
  if (!exists) throw notFound(GROUP_TEXT.notFound);
  await deps.db.insert(groupMembers).values({ groupId, userId: user.id, joinedAt: deps.now() }).onConflictDoNothing();
  const [group] = await listGroups(deps, user, { groupId });
  return group;
}
