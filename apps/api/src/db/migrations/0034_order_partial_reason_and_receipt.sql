ALTER TABLE "orders" ADD COLUMN "partial_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "partial_note" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "received_as" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "received_note" text;--> statement-breakpoint
-- the reasons of a partial accept and the ways an order is received, as the schema's enumerations say
ALTER TABLE "orders" ADD CONSTRAINT "orders_partial_reason_check" CHECK ("partial_reason" IN ('out_of_stock', 'limited_per_library', 'other'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_received_as_check" CHECK ("received_as" IN ('in_full', 'short_or_damaged'));
