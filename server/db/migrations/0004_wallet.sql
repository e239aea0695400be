CREATE TABLE "bank_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"item_id" text NOT NULL,
	"access_token_sealed" text,
	"provider_account_id" text NOT NULL,
	"institution_name" text NOT NULL,
	"account_name" text NOT NULL,
	"mask" text NOT NULL,
	"sync_cursor" text,
	"rounds_up_from" timestamp with time zone NOT NULL,
	"next_sync_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_synced_at" timestamp with time zone,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unlinked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bank_purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"bank_account_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_transaction_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"merchant_name" text,
	"description" text NOT NULL,
	"posted_at" timestamp with time zone NOT NULL,
	"round_up_cents" integer DEFAULT 0 NOT NULL,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_purchases_round_up_range" CHECK ("bank_purchases"."round_up_cents" >= 0 and "bank_purchases"."round_up_cents" < 100)
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"provider" text NOT NULL,
	"last_four" text NOT NULL,
	"expiry_month" integer,
	"expiry_year" integer,
	"card_brand" text,
	"bank_name" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"gateway_profile_id" text,
	"bank_account_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_methods_card_or_bank" CHECK (("payment_methods"."type" = 'credit_card' and "payment_methods"."gateway_profile_id" is not null and "payment_methods"."expiry_month" between 1 and 12 and "payment_methods"."expiry_year" between 2000 and 2099)
        or ("payment_methods"."type" = 'bank_account' and "payment_methods"."bank_account_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "wallet_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"description" text NOT NULL,
	"merchant_name" text,
	"bank_purchase_id" uuid,
	"payment_method_id" uuid,
	"gift_id" uuid,
	"gateway_transaction_id" text,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_transactions_gateway_transaction_id_unique" UNIQUE("gateway_transaction_id"),
	CONSTRAINT "wallet_transactions_amount_positive" CHECK ("wallet_transactions"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"balance_cents" integer DEFAULT 0 NOT NULL,
	"round_up_accumulated_cents" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallets_balance_not_negative" CHECK ("wallets"."balance_cents" >= 0),
	CONSTRAINT "wallets_round_ups_not_negative" CHECK ("wallets"."round_up_accumulated_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "gifts" ALTER COLUMN "card_last_four" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "gifts" ALTER COLUMN "card_brand" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "roundup_settings" ADD COLUMN "rounds_up_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_purchases" ADD CONSTRAINT "bank_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_purchases" ADD CONSTRAINT "bank_purchases_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_bank_purchase_id_bank_purchases_id_fk" FOREIGN KEY ("bank_purchase_id") REFERENCES "public"."bank_purchases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_active_item_uq" ON "bank_accounts" USING btree ("user_id","provider","item_id") WHERE "bank_accounts"."unlinked_at" is null;--> statement-breakpoint
CREATE INDEX "bank_accounts_due_idx" ON "bank_accounts" USING btree ("next_sync_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_purchases_provider_txn_uq" ON "bank_purchases" USING btree ("user_id","provider","provider_transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_one_default_uq" ON "payment_methods" USING btree ("user_id") WHERE "payment_methods"."is_default";--> statement-breakpoint
CREATE INDEX "payment_methods_user_idx" ON "payment_methods" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "wallet_transactions_user_idx" ON "wallet_transactions" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_transactions_purchase_uq" ON "wallet_transactions" USING btree ("bank_purchase_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_transactions_gift_uq" ON "wallet_transactions" USING btree ("gift_id");