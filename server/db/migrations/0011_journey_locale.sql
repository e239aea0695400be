-- Each journey day is kept once per language: the existing (English) rows get 'en', and the key
-- becomes (sequence, day, language). The column comes first: the key needs it (drizzle-kit wrote
-- these three statements in an order that fails).
ALTER TABLE "journey_days" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "journey_days" DROP CONSTRAINT "journey_days_sequence_key_day_pk";--> statement-breakpoint
ALTER TABLE "journey_days" ADD CONSTRAINT "journey_days_sequence_key_day_locale_pk" PRIMARY KEY("sequence_key","day","locale");
