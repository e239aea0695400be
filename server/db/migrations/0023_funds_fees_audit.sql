CREATE TABLE "funds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name_en" text NOT NULL,
	"name_es" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "funds_default_not_archived" CHECK (not ("funds"."is_default" and "funds"."archived_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "giving_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"fee_percent_bps" integer DEFAULT 0 NOT NULL,
	"fee_fixed_cents" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "giving_settings_single_row" CHECK ("giving_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"detail" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "fund_id" uuid;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "recurring_gifts" ADD COLUMN "fund_id" uuid;--> statement-breakpoint
ALTER TABLE "recurring_gifts" ADD COLUMN "fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "finance" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "funds_one_default_uq" ON "funds" USING btree ("is_default") WHERE "funds"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "funds_name_en_uq" ON "funds" USING btree (lower("name_en"));--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_gifts" ADD CONSTRAINT "recurring_gifts_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gifts_fund_idx" ON "gifts" USING btree ("fund_id","created_at");--> statement-breakpoint
CREATE INDEX "gifts_created_idx" ON "gifts" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_fee_not_negative" CHECK ("gifts"."fee_cents" >= 0);--> statement-breakpoint
ALTER TABLE "recurring_gifts" ADD CONSTRAINT "recurring_gifts_fee_not_negative" CHECK ("recurring_gifts"."fee_cents" >= 0);--> statement-breakpoint
-- hand-written: every database has the default fund (SEED_DEMO=false too), every existing gift
-- and recurring gift is given to it (0017 then makes fund_id required), and a change of the
-- finance permission reaches every instance's session cache like a role change does.
INSERT INTO "funds" ("name_en", "name_es", "description", "is_default") VALUES ('General Fund', 'Fondo General', '', true);
--> statement-breakpoint
UPDATE "gifts" SET "fund_id" = (SELECT "id" FROM "funds" WHERE "is_default") WHERE "fund_id" IS NULL;
--> statement-breakpoint
UPDATE "recurring_gifts" SET "fund_id" = (SELECT "id" FROM "funds" WHERE "is_default") WHERE "fund_id" IS NULL;
--> statement-breakpoint
DROP TRIGGER IF EXISTS users_changed_notify ON users;
--> statement-breakpoint
CREATE TRIGGER users_changed_notify
  AFTER UPDATE OF role, email, first_name, last_name, created_at, finance OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION koinonia_user_changed();
