CREATE TABLE "roundup_collections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"bank_account_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"provider_debit_id" text,
	"failure_reason" text,
	"next_check_at" timestamp with time zone NOT NULL,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "roundup_collections_provider_debit_id_unique" UNIQUE("provider_debit_id"),
	CONSTRAINT "roundup_collections_amount_positive" CHECK ("roundup_collections"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "collection_id" uuid;--> statement-breakpoint
ALTER TABLE "roundup_collections" ADD CONSTRAINT "roundup_collections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roundup_collections" ADD CONSTRAINT "roundup_collections_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "roundup_collections_due_idx" ON "roundup_collections" USING btree ("next_check_at") WHERE "roundup_collections"."status" in ('initiating', 'pending') or ("roundup_collections"."status" = 'failed' and "roundup_collections"."notified_at" is null);--> statement-breakpoint
CREATE INDEX "roundup_collections_user_idx" ON "roundup_collections" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_collection_id_roundup_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."roundup_collections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_transactions_uncollected_idx" ON "wallet_transactions" USING btree ("user_id") WHERE "wallet_transactions"."type" = 'round_up' and "wallet_transactions"."status" = 'pending' and "wallet_transactions"."collection_id" is null;--> statement-breakpoint
CREATE INDEX "wallet_transactions_collection_idx" ON "wallet_transactions" USING btree ("collection_id");