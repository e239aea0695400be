CREATE TABLE "member_photos" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"large" "bytea" NOT NULL,
	"small" "bytea" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "member_photos" ADD CONSTRAINT "member_photos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;