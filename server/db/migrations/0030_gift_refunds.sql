CREATE TABLE "gift_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gift_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"request_key" text NOT NULL,
	"gateway_transaction_id" text,
	"wallet_transaction_id" uuid,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_refunds_request_key_unique" UNIQUE("request_key"),
	CONSTRAINT "gift_refunds_gateway_transaction_id_unique" UNIQUE("gateway_transaction_id"),
	CONSTRAINT "gift_refunds_amount_positive" CHECK ("gift_refunds"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_refunds" ADD CONSTRAINT "gift_refunds_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_refunds" ADD CONSTRAINT "gift_refunds_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_refunds_gift_idx" ON "gift_refunds" USING btree ("gift_id","created_at");--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_refunded_within_gift" CHECK ("gifts"."refunded_cents" >= 0 and "gifts"."refunded_cents" <= "gifts"."amount_cents" + "gifts"."fee_cents");