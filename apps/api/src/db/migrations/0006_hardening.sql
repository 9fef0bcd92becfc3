CREATE TABLE "login_addresses" (
	"account_id" integer NOT NULL,
	"ip" text NOT NULL,
	"last_login_at" timestamp with time zone NOT NULL,
	CONSTRAINT "login_addresses_pkey" PRIMARY KEY("account_id","ip")
);
--> statement-breakpoint
-- the old fixed-window counters mean nothing to the new limiter: start empty
DELETE FROM "rate_limits";--> statement-breakpoint
ALTER TABLE "rate_limits" ADD COLUMN "points" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "rate_limits" ADD COLUMN "expire" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "login_addresses" ADD CONSTRAINT "login_addresses_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_limits" DROP COLUMN "count";--> statement-breakpoint
ALTER TABLE "rate_limits" DROP COLUMN "window_start";