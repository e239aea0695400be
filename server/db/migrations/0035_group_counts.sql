ALTER TABLE "small_groups" ADD COLUMN "member_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "small_groups" ADD COLUMN "pending_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "group_members_leaders_idx" ON "group_members" USING btree ("group_id") WHERE "group_members"."is_leader";--> statement-breakpoint
CREATE INDEX "small_groups_live_name_idx" ON "small_groups" USING btree ("name") WHERE "small_groups"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "small_groups_admin_order_idx" ON "small_groups" USING btree (("archived_at" is not null),"name");--> statement-breakpoint
-- The kept counts start from the rows there are (decision 0125); from here syncGroupCounts keeps them.
UPDATE "small_groups" g SET
  "member_count" = (SELECT count(*) FROM "group_members" m WHERE m."group_id" = g."id"),
  "pending_count" = (SELECT count(*) FROM "group_join_requests" r WHERE r."group_id" = g."id" AND r."status" = 'pending');
