import { eq } from "drizzle-orm";
import type { Deps } from "../../deps";
import { journeys } from "../../db/schema/connect";
import { conflict, notFound } from "../../http/app-error";
import { JOURNEY_ADMIN_TEXT, type JourneyPatch } from "../../../contract/connect";
import { churchToday } from "./journey-clock";
import { toAdminJourney } from "./journey-catalog";

/**
 * Titles, descriptions, publish/unpublish and archive. Unpublishing or archiving only stops new
 * enrolments: members already on the journey keep their daily email to its last day
 * (decision 0108). An archived journey is unpublished and cannot be published again until it is
 * restored (`archived: false`).
 */
export async function updateJourney(deps: Deps, id: string, patch: JourneyPatch) {
  const row = await deps.db.transaction(async (tx) => {
    const [j] = await tx.select().from(journeys).where(eq(journeys.id, id)).for("update");
    if (!j) throw notFound(JOURNEY_ADMIN_TEXT.notFound);
    const archivedAt = patch.archived === undefined ? j.archivedAt : patch.archived ? (j.archivedAt ?? deps.now()) : null;
    let published = patch.published ?? j.published;
    if (patch.archived) published = false;
    if (published && !j.published) {
      if (archivedAt) throw conflict(JOURNEY_ADMIN_TEXT.archivedCannotPublish);
      if (j.dayCount < 1) throw conflict(JOURNEY_ADMIN_TEXT.emptyCannotPublish);
    }
    const [updated] = await tx
      .update(journeys)
      .set({
        titleEn: patch.title ?? j.titleEn,
        titleEs: patch.titleEs ?? j.titleEs,
        descriptionEn: patch.description ?? j.descriptionEn,
        descriptionEs: patch.descriptionEs ?? j.descriptionEs,
        published,
        archivedAt,
        updatedAt: deps.now(),
      })
      .where(eq(journeys.id, id))
      .returning();
    return updated;
  });
  return toAdminJourney(deps.db, row, churchToday(deps));
}
