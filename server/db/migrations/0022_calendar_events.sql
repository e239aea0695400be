CREATE TABLE "calendar_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"repeat" text DEFAULT 'none' NOT NULL,
	"repeat_until" date,
	"registration" boolean DEFAULT false NOT NULL,
	"capacity" integer,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_events_ends_after_start" CHECK ("calendar_events"."ends_at" > "calendar_events"."starts_at"),
	CONSTRAINT "calendar_events_capacity_positive" CHECK ("calendar_events"."capacity" is null or "calendar_events"."capacity" > 0)
);
--> statement-breakpoint
CREATE TABLE "calendar_rsvps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"occurrence_start" timestamp with time zone NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"seq" bigserial NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reminded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_rsvps" ADD CONSTRAINT "calendar_rsvps_event_id_calendar_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."calendar_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_rsvps" ADD CONSTRAINT "calendar_rsvps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_events_starts_idx" ON "calendar_events" USING btree ("starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_rsvps_once" ON "calendar_rsvps" USING btree ("event_id","occurrence_start","user_id");--> statement-breakpoint
CREATE INDEX "calendar_rsvps_occurrence_idx" ON "calendar_rsvps" USING btree ("event_id","occurrence_start","status","seq");--> statement-breakpoint
CREATE INDEX "calendar_rsvps_user_idx" ON "calendar_rsvps" USING btree ("user_id","occurrence_start");--> statement-breakpoint
CREATE INDEX "calendar_rsvps_reminder_due_idx" ON "calendar_rsvps" USING btree ("occurrence_start") WHERE "calendar_rsvps"."reminded_at" is null and "calendar_rsvps"."status" = 'going';