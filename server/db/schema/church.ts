import { pgTable, integer, text, jsonb, timestamp, check } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import type { Church } from "../../../contract/church";
import { bytea } from "./types";

/**
 * The one church this deployment serves (id is always 1). The church config file writes it
 * once, into a new database; from then on staff change it on Admin → Church (PATCH
 * /api/admin/church) and the row wins over the file (decision 0106, replacing 0001).
 */
export const church = pgTable(
  "church",
  {
    id: integer("id").primaryKey().default(1),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    profile: jsonb("profile").$type<Church>().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("church_single_row", sql`${t.id} = 1`)],
);


/**
 * The church's uploaded logo (one row, id 1; none: the default icon). Re-encoded server-side
 * (server/features/church/logo-images.ts) into PNGs of the sizes the app and the installed
 * app's manifest use; `version` (a hash of the images) names them in their immutable URLs.
 */
export const churchLogo = pgTable(
  "church_logo",
  {
    id: integer("id").primaryKey().default(1),
    version: text("version").notNull(),
    /** 512 px, the logo fitted into a transparent square. */
    png512: bytea("png_512").notNull(),
    png192: bytea("png_192").notNull(),
    /** The maskable icons: the logo inside the safe zone on the church's background colour. */
    maskable512: bytea("maskable_512").notNull(),
    maskable192: bytea("maskable_192").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("church_logo_single_row", sql`${t.id} = 1`)],
);
