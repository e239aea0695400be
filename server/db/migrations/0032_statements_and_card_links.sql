CREATE TABLE "email_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email_id" uuid NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_update_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recurring_gift_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "card_update_links_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "card_update_links_expiry" CHECK ("card_update_links"."expires_at" > "card_update_links"."created_at")
);
--> statement-breakpoint
CREATE TABLE "statement_deliveries" (
	"year" integer NOT NULL,
	"donor_key" text NOT NULL,
	"user_id" uuid,
	"outcome" text NOT NULL,
	"total_cents" integer NOT NULL,
	"email_id" uuid,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statement_deliveries_year_donor_key_pk" PRIMARY KEY("year","donor_key")
);
--> statement-breakpoint
CREATE TABLE "statement_runs" (
	"year" integer PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"cursor_donor_key" text,
	"sent" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"requested_by" uuid,
	"requested_by_name" text DEFAULT '' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "email_attachments" ADD CONSTRAINT "email_attachments_email_id_email_outbox_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."email_outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_update_links" ADD CONSTRAINT "card_update_links_recurring_gift_id_recurring_gifts_id_fk" FOREIGN KEY ("recurring_gift_id") REFERENCES "public"."recurring_gifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_deliveries" ADD CONSTRAINT "statement_deliveries_year_statement_runs_year_fk" FOREIGN KEY ("year") REFERENCES "public"."statement_runs"("year") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_deliveries" ADD CONSTRAINT "statement_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_runs" ADD CONSTRAINT "statement_runs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_attachments_email_idx" ON "email_attachments" USING btree ("email_id");--> statement-breakpoint
CREATE INDEX "card_update_links_gift_idx" ON "card_update_links" USING btree ("recurring_gift_id");--> statement-breakpoint
CREATE INDEX "statement_deliveries_user_idx" ON "statement_deliveries" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "statement_runs_running_idx" ON "statement_runs" USING btree ("status") WHERE "statement_runs"."status" = 'running';