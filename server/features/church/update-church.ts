import { eq, sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import type { Db } from "../../db/client";
import { church } from "../../db/schema/church";
import { CHURCH_STATEMENT_KEYS, ZChurch, ZChurchPatch, type Church } from "../../../contract/church";
import { CHURCH_TEXT } from "../../../contract/church-text";
import { badRequest } from "../../http/app-error";
import type { z } from "zod";
import { applyChurch } from "../../shared/church-profile";

type Patch = z.output<typeof ZChurchPatch>;
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The profile with `patch` applied: absent fields kept, `links` merged key by key, null clears what may be cleared. */
export function mergeChurch(current: Church, patch: Patch): Church {
  const next: Church = structuredClone(current);
  const { shortName, links, serviceTimes, ...rest } = patch;
  Object.assign(next, Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)));
  // The statement fields (decision 0121): null or blank removes one, so its default shows.
  for (const k of CHURCH_STATEMENT_KEYS) if (patch[k] === null || patch[k] === "") delete next[k];
  if (shortName === null) delete next.shortName;
  else if (shortName !== undefined) next.shortName = shortName;
  if (links) {
    const merged: Record<string, string | undefined> = { ...next.links };
    for (const [k, v] of Object.entries(links)) {
      if (v === null) delete merged[k];
      else if (v !== undefined) merged[k] = v;
    }
    next.links = merged as Church["links"];
  }
  if (serviceTimes) {
    next.serviceTimes = serviceTimes.map((s) => ({ day: s.day, time: s.time, ...(s.name ? { name: s.name } : {}), ...(s.nameEs ? { nameEs: s.nameEs } : {}) }));
  }
  return next;
}

/**
 * Changes the church's profile in one statement under the row's lock, so two staff saving at
 * once each apply their fields to the other's result and nothing is half-saved. `change`
 * receives the current profile and returns the next (checked against the full schema).
 * Then this instance's copy follows at once and every other instance hears `church-changed`.
 */
export async function changeChurch(deps: Pick<Deps, "db" | "bus" | "church" | "now">, change: (current: Church, tx: Tx) => Promise<Church> | Church): Promise<Church> {
  const next = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select({ profile: church.profile }).from(church).where(eq(church.id, 1)).for("update");
    if (!row) throw new Error("The church has not been seeded");
    const profile = ZChurch.parse(await change(row.profile, tx));
    await tx.update(church).set({ profile, name: profile.name, updatedAt: deps.now() }).where(eq(church.id, 1));
    return profile;
  });
  applyChurch(deps.church, next);
  await deps.bus.publish("church-changed", {});
  return next;
}

/** PATCH /api/admin/church (OWNER, PASTOR): the fields given, validated by ZChurchPatch, nothing else. */
export const updateChurch = (deps: Pick<Deps, "db" | "bus" | "church" | "now">, patch: Patch) =>
  changeChurch(deps, async (current, tx) => {
    if (patch.timeZone !== undefined && patch.timeZone.trim() !== current.timeZone) await checkDatabaseKnowsZone(tx, patch.timeZone.trim());
    return mergeChurch(current, patch);
  });

/**
 * The database works out church days too (the giving ledger's day totals, decision 0123), so a
 * zone this Node knows but the database's time zone files do not (a newer tzdata on one side) is
 * refused as unknown, a 400 on `timeZone`, rather than failing the save later. Tried in a
 * savepoint, so the failure leaves the transaction usable.
 */
export async function checkDatabaseKnowsZone(tx: Tx, zone: string) {
  try {
    await tx.transaction(async (sp) => {
      await sp.execute(sql`select now() at time zone ${zone}`);
    });
  } catch {
    throw badRequest("body.timeZone", CHURCH_TEXT.badTimeZone);
  }
}
