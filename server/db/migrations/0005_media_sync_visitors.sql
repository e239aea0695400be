CREATE TABLE "video_feed_syncs" (
	"channel_id" text PRIMARY KEY NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error" text,
	"last_count" integer
);
--> statement-breakpoint
ALTER TABLE "media_items" ADD COLUMN "url" text;--> statement-breakpoint
ALTER TABLE "media_items" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "visitors" ADD COLUMN "followed_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visitors" ADD COLUMN "followed_up_by" uuid;--> statement-breakpoint
ALTER TABLE "media_items" ADD CONSTRAINT "media_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitors" ADD CONSTRAINT "visitors_followed_up_by_users_id_fk" FOREIGN KEY ("followed_up_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;