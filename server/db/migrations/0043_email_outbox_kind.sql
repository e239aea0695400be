-- What an email is about (EMAIL_KINDS, server/db/schema/platform.ts): deleting an account cancels
-- the member's queued emails but their giving records (decision 0117). Rows queued before this
-- migration cannot be told apart and count as account emails.
ALTER TABLE "email_outbox" ADD COLUMN "kind" text DEFAULT 'account' NOT NULL;