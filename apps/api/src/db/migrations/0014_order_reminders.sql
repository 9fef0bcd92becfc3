ALTER TABLE "order_events" ADD COLUMN "kind" text DEFAULT 'status' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "status_since" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "auto_reminded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_waiting_idx" ON "orders" USING btree ("status_since") WHERE "orders"."status" in ('REQUESTED', 'IN_PROGRESS') and "orders"."auto_reminded_at" is null;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_kind_check" CHECK ("kind" IN ('status', 'reminder', 'auto_reminder'));--> statement-breakpoint
-- an order already waiting has waited since its last status change (or since it was placed)
UPDATE "orders" SET "status_since" = coalesce((SELECT max(e."created_at") FROM "order_events" e WHERE e."order_id" = "orders"."id"), "orders"."order_date");
