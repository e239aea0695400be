import { eq } from "drizzle-orm";
import type { Deps } from "../../deps";
import { churchLogo } from "../../db/schema/church";
import { API } from "../../../contract/api-paths";
import { DEFAULT_BACKGROUND } from "./build-manifest";
import { renderLogo, type LogoImages } from "./logo-images";
import type { ReceivedUpload } from "../../shared/image-upload";
import { changeChurch } from "./update-church";

/** Where the default logo lives (the built client's file), used when no logo was uploaded. */
export const DEFAULT_LOGO_URL = "/church-logo.svg";

/**
 * PUT /api/admin/church/logo: the upload re-encoded (logo-images.ts), stored in the database
 * with the profile's logoUrl pointing at its versioned, immutable URL, in one transaction.
 */
export async function setChurchLogo(deps: Pick<Deps, "db" | "bus" | "church" | "now">, upload: ReceivedUpload) {
  let images: LogoImages;
  try {
    images = await renderLogo(upload, deps.church.backgroundColor ?? DEFAULT_BACKGROUND);
  } finally {
    await upload.discard(); // (and after any answer, whatever happened: acceptRawUploads)
  }
  return changeChurch(deps, async (current, tx) => {
    const row = { id: 1, ...images, updatedAt: deps.now() };
    await tx.insert(churchLogo).values(row).onConflictDoUpdate({ target: churchLogo.id, set: row });
    return { ...current, logoUrl: API.church.logo({ version: images.version, file: "512.png" }), logoVersion: images.version };
  });
}

/** DELETE /api/admin/church/logo: back to the default icon (the built client's logo and app icons). */
export async function removeChurchLogo(deps: Pick<Deps, "db" | "bus" | "church" | "now">) {
  return changeChurch(deps, async (current, tx) => {
    await tx.delete(churchLogo).where(eq(churchLogo.id, 1));
    const { logoVersion: _gone, ...rest } = current;
    return { ...rest, logoUrl: DEFAULT_LOGO_URL };
  });
}

/** The current logo's images, read once per version on each instance (they never change under one version). */
export function logoStore(deps: Pick<Deps, "db">) {
  let cached: LogoImages | undefined;
  return async (version: string): Promise<LogoImages | null> => {
    if (cached?.version === version) return cached;
    const [row] = await deps.db.select().from(churchLogo).where(eq(churchLogo.id, 1));
    if (!row) return null;
    cached = { version: row.version, png512: row.png512, png192: row.png192, maskable512: row.maskable512, maskable192: row.maskable192 };
    return cached;
  };
}
