-- Finding a member by what staff type (server/shared/people-search.ts, decision 0145): first
-- names, then last names, that start with the text, each a range of lowered names in byte order
-- read in order and stopped at the page; and the full name's trigrams, as the searches match it.
-- INCLUDE is written by hand (drizzle's index builder has none): with the names and the email in
-- the index a search's groups are index-only scans. PostgreSQL does not read an expression
-- index alone when the query names the expression's column, and without them its generic plan
-- read the whole range of names from the table and sorted it (the 2,000 Marys of a
-- 20,000-member church for "mar": 3 ms, against 0.09 ms).
CREATE INDEX "users_first_name_prefix_idx" ON "users" USING btree ((lower("first_name") collate "C"),(lower("last_name") collate "C"),"id") INCLUDE ("first_name","last_name","email") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_last_name_prefix_idx" ON "users" USING btree ((lower("last_name") collate "C"),(lower("first_name") collate "C"),"id") INCLUDE ("first_name","last_name","email") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_full_name_search_idx" ON "users" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops) WHERE "users"."deleted_at" is null;