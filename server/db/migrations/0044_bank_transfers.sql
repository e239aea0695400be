ALTER TABLE "gifts" DROP CONSTRAINT "gifts_method_known";--> statement-breakpoint
ALTER TABLE "gifts" DROP CONSTRAINT "gifts_batch_method";--> statement-breakpoint
ALTER TABLE "giving_batch_lines" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_method_known" CHECK ("gifts"."method" in ('card', 'wallet', 'cash', 'check', 'bank'));--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_batch_method" CHECK (("gifts"."batch_id" is not null) = ("gifts"."method" in ('cash', 'check', 'bank')));