CREATE TABLE "giving_batch_lines" (
	"gift_id" uuid PRIMARY KEY NOT NULL,
	"batch_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"check_number" text,
	"donor_name" text,
	"donor_email" text,
	CONSTRAINT "giving_batch_lines_email_has_name" CHECK ("giving_batch_lines"."donor_email" is null or "giving_batch_lines"."donor_name" is not null)
);
--> statement-breakpoint
CREATE TABLE "giving_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"date" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_by" uuid,
	"closed_at" timestamp with time zone,
	CONSTRAINT "giving_batches_status_known" CHECK ("giving_batches"."status" in ('open', 'closed')),
	CONSTRAINT "giving_batches_closed" CHECK (("giving_batches"."status" = 'closed') = ("giving_batches"."closed_at" is not null and "giving_batches"."closed_by" is not null))
);
--> statement-breakpoint
ALTER TABLE "gifts" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "giving_batch_lines" ADD CONSTRAINT "giving_batch_lines_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giving_batch_lines" ADD CONSTRAINT "giving_batch_lines_batch_id_giving_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."giving_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giving_batches" ADD CONSTRAINT "giving_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giving_batches" ADD CONSTRAINT "giving_batches_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "giving_batch_lines_batch_idx" ON "giving_batch_lines" USING btree ("batch_id","position");--> statement-breakpoint
CREATE INDEX "giving_batch_lines_donor_email_idx" ON "giving_batch_lines" USING btree ("donor_email") WHERE "giving_batch_lines"."donor_email" is not null;--> statement-breakpoint
CREATE INDEX "giving_batches_date_idx" ON "giving_batches" USING btree ("date","id");--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_batch_id_giving_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."giving_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gifts_batch_idx" ON "gifts" USING btree ("batch_id") WHERE "gifts"."batch_id" is not null;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_method_known" CHECK ("gifts"."method" in ('card', 'wallet', 'cash', 'check'));--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_batch_method" CHECK (("gifts"."batch_id" is not null) = ("gifts"."method" in ('cash', 'check')));--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_has_donor_or_batch" CHECK ("gifts"."user_id" is not null or "gifts"."batch_id" is not null);--> statement-breakpoint
-- hand-written (decision 0120): every existing gift gets its method. 'card' came with the
-- column's default; a gift without a card's last four was a gift of the wallet balance.
UPDATE "gifts" SET "method" = 'wallet' WHERE "card_last_four" IS NULL;
