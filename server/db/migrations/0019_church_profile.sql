CREATE TABLE "church_logo" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" text NOT NULL,
	"png_512" "bytea" NOT NULL,
	"png_192" "bytea" NOT NULL,
	"maskable_512" "bytea" NOT NULL,
	"maskable_192" "bytea" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "church_logo_single_row" CHECK ("church_logo"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "rejected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "testimonies" ADD COLUMN "rejected_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "gifts_completed_at_idx" ON "gifts" USING btree ("created_at") WHERE "gifts"."status" = 'COMPLETED';