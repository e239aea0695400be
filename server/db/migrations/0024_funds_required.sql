ALTER TABLE "gifts" ALTER COLUMN "fund_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "recurring_gifts" ALTER COLUMN "fund_id" SET NOT NULL;