ALTER TABLE "gifts" ADD COLUMN "receipt_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "recurring_gifts" ADD COLUMN "failed_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "recurring_gifts" ADD COLUMN "retry_date" date;--> statement-breakpoint
ALTER TABLE "recurring_gifts" ADD COLUMN "last_failure_reason" text;--> statement-breakpoint
CREATE INDEX "gifts_receipt_pending_idx" ON "gifts" USING btree ("created_at") WHERE "gifts"."receipt_sent_at" is null and "gifts"."status" = 'COMPLETED';