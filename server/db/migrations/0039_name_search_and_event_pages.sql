-- Staff's name searches (users_name_search_idx) use trigrams: pg_trgm is contrib on PostgreSQL and
-- loaded by every PGlite (db/client.ts PGLITE_EXTENSIONS). A trusted extension: a database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "calendar_events_one_off_start_idx" ON "calendar_events" USING btree ("starts_at","id") WHERE "calendar_events"."repeat" = 'none';--> statement-breakpoint
CREATE INDEX "users_name_search_idx" ON "users" USING gin ("first_name" gin_trgm_ops,"last_name" gin_trgm_ops,"email" gin_trgm_ops) WHERE "users"."deleted_at" is null;