CREATE TABLE "bills_of_supply" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"publisher_id" integer NOT NULL,
	"financial_year" text NOT NULL,
	"seq" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bills_of_supply" ADD CONSTRAINT "bills_of_supply_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills_of_supply" ADD CONSTRAINT "bills_of_supply_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bills_of_supply_order_key" ON "bills_of_supply" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bills_of_supply_number_key" ON "bills_of_supply" USING btree ("publisher_id","financial_year","seq");