CREATE TABLE "background_calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "background_calls_due_idx" ON "background_calls" USING btree ("next_attempt_at") WHERE "background_calls"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "background_calls_status_idx" ON "background_calls" USING btree ("status","created_at");