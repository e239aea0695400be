CREATE TABLE "group_join_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid
);
--> statement-breakpoint
ALTER TABLE "small_groups" ALTER COLUMN "meeting_info" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "group_members" ADD COLUMN "is_leader" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "small_groups" ADD COLUMN "meeting_day" integer;--> statement-breakpoint
ALTER TABLE "small_groups" ADD COLUMN "meeting_time" text;--> statement-breakpoint
ALTER TABLE "small_groups" ADD COLUMN "meeting_place" text;--> statement-breakpoint
ALTER TABLE "small_groups" ADD COLUMN "meeting_url" text;--> statement-breakpoint
ALTER TABLE "small_groups" ADD COLUMN "capacity" integer;--> statement-breakpoint
ALTER TABLE "small_groups" ADD COLUMN "join_policy" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "small_groups" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "small_groups" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "small_groups" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "group_join_requests" ADD CONSTRAINT "group_join_requests_group_id_small_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."small_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_join_requests" ADD CONSTRAINT "group_join_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_join_requests" ADD CONSTRAINT "group_join_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "group_join_requests_one_pending" ON "group_join_requests" USING btree ("group_id","user_id") WHERE "group_join_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "group_join_requests_user_idx" ON "group_join_requests" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "small_groups" ADD CONSTRAINT "small_groups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- hand-written: a group's old free-text "when and where" line becomes its place (decision 0107).
UPDATE "small_groups" SET "meeting_place" = "meeting_info" WHERE "meeting_place" IS NULL AND "meeting_info" <> '';
