CREATE TABLE "journeys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"title_en" text NOT NULL,
	"title_es" text NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"description_es" text DEFAULT '' NOT NULL,
	"day_count" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journeys_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "title_es" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "description_es" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- hand-written: the journeys that already exist (the two seeded ones, and any key an enrolment names) become rows of
-- journeys, published, with their day count; sequence_key stays the key (decision 0108). Then the foreign keys.
INSERT INTO "journeys" ("key", "title_en", "title_es", "description_en", "description_es", "day_count", "published")
SELECT k.key,
  CASE k.key WHEN 'SCRIPTURES_14' THEN '14 Days of Scripture' WHEN 'AFFIRMATIONS_14' THEN '14 Days of Affirmations' ELSE k.key END,
  CASE k.key WHEN 'SCRIPTURES_14' THEN '14 días de Escrituras' WHEN 'AFFIRMATIONS_14' THEN '14 días de afirmaciones' ELSE k.key END,
  CASE k.key WHEN 'SCRIPTURES_14' THEN 'A verse and a short devotional each morning' WHEN 'AFFIRMATIONS_14' THEN 'Truths about who you are in Christ' ELSE '' END,
  CASE k.key WHEN 'SCRIPTURES_14' THEN 'Un versículo y un devocional breve cada mañana' WHEN 'AFFIRMATIONS_14' THEN 'Verdades sobre quién es usted en Cristo' ELSE '' END,
  (SELECT count(*)::int FROM "journey_days" d WHERE d."sequence_key" = k.key AND d."locale" = 'en'),
  true
FROM (SELECT "sequence_key" AS key FROM "journey_days" UNION SELECT "sequence_key" FROM "journey_enrolments") k
ON CONFLICT ("key") DO NOTHING;--> statement-breakpoint
-- Connect lists journeys oldest first: the spec's order, Scripture then Affirmations.
UPDATE "journeys" SET "created_at" = "created_at" - interval '1 second' WHERE "key" = 'SCRIPTURES_14';--> statement-breakpoint
UPDATE "challenges" SET "title_es" = "title", "description_es" = "description" WHERE "title_es" = '';--> statement-breakpoint
ALTER TABLE "journey_days" ADD CONSTRAINT "journey_days_sequence_key_journeys_key_fk" FOREIGN KEY ("sequence_key") REFERENCES "public"."journeys"("key") ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "journey_enrolments" ADD CONSTRAINT "journey_enrolments_sequence_key_journeys_key_fk" FOREIGN KEY ("sequence_key") REFERENCES "public"."journeys"("key") ON UPDATE cascade;
