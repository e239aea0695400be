ALTER TABLE "small_groups" ADD COLUMN "leaders" json DEFAULT '[]'::json NOT NULL;--> statement-breakpoint
-- Hand-written (decision 0141): every group's leaders as the lists answer them, written as
-- syncGroupCounts writes them (server/shared/group-counts.ts `leadersJson`), kept from here on by
-- it and by a leader's rename.
UPDATE "small_groups" g SET "leaders" = coalesce((
  select json_agg(leader) from (
    select u.id, u.first_name as "firstName", u.last_name as "lastName"
    from group_members l join users u on u.id = l.user_id
    where l.group_id = g.id and l.is_leader
    order by u.first_name, u.last_name, u.id) leader), '[]'::json);
