CREATE TABLE "rate_delays" (
	"key" text PRIMARY KEY NOT NULL,
	"attempts" integer NOT NULL,
	"not_before" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL
);
