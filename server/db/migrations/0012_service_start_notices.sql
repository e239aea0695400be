ALTER TABLE "services" ADD COLUMN "started_by" uuid;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "start_notices_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;