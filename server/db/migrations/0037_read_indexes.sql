DROP INDEX "personal_notes_user_idx";--> statement-breakpoint
DROP INDEX "visitors_created_idx";--> statement-breakpoint
CREATE INDEX "users_directory_name_idx" ON "users" USING btree (lower("last_name"),lower("first_name"),"id");--> statement-breakpoint
CREATE INDEX "videos_published_idx" ON "videos" USING btree ("published_at","id");--> statement-breakpoint
CREATE INDEX "visitors_waiting_idx" ON "visitors" USING btree ("created_at") WHERE "visitors"."followed_up_at" is null;--> statement-breakpoint
CREATE INDEX "personal_notes_user_idx" ON "personal_notes" USING btree ("user_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "visitors_created_idx" ON "visitors" USING btree ("created_at","id");