CREATE TABLE "bills_of_supply" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"publisher_id" integer NOT NULL,
	"financial_year" text NOT NULL,
	"seq" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "payment_state" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "postage_terms" text DEFAULT 'actual' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "postage_rate_minor" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "postage_minor" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_state" text DEFAULT 'due' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_utr" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_paid_on" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_amount_minor" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "publishers" ADD COLUMN "postage_terms" text DEFAULT 'actual' NOT NULL;--> statement-breakpoint
ALTER TABLE "publishers" ADD COLUMN "postage_rate_minor" bigint;--> statement-breakpoint
ALTER TABLE "publishers" ADD COLUMN "upi_vpa" text;--> statement-breakpoint
ALTER TABLE "publishers" ADD COLUMN "upi_payee_name" text;--> statement-breakpoint
ALTER TABLE "publishers" ADD COLUMN "bank_account_name" text;--> statement-breakpoint
ALTER TABLE "publishers" ADD COLUMN "bank_account_no" text;--> statement-breakpoint
ALTER TABLE "publishers" ADD COLUMN "bank_ifsc" text;--> statement-breakpoint
ALTER TABLE "publishers" ADD COLUMN "payment_reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "bills_of_supply" ADD CONSTRAINT "bills_of_supply_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills_of_supply" ADD CONSTRAINT "bills_of_supply_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bills_of_supply_order_key" ON "bills_of_supply" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bills_of_supply_number_key" ON "bills_of_supply" USING btree ("publisher_id","financial_year","seq");--> statement-breakpoint
CREATE INDEX "orders_unpaid_idx" ON "orders" USING btree ("status_since") WHERE "orders"."status" = 'DISPATCHED' and "orders"."payment_state" = 'due' and "orders"."payment_reminded_at" is null;