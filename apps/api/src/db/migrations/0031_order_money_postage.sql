-- Postage stated at dispatch before decision 070 moves to the order, where one function reads it.
UPDATE "orders" SET "postage_minor" = "dispatches"."postage_minor"
FROM "dispatches"
WHERE "dispatches"."order_id" = "orders"."id" AND "dispatches"."postage_minor" IS NOT NULL;
--> statement-breakpoint
-- the kinds of history entry, with the payment steps and the reminder to pay (decision 070)
ALTER TABLE "order_events" DROP CONSTRAINT "order_events_kind_check";--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_kind_check" CHECK ("kind" IN ('status', 'reminder', 'auto_reminder', 'payment', 'payment_reminder'));--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_payment_state_check" CHECK ("payment_state" IN ('due', 'paid', 'confirmed', 'queried'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_state_check" CHECK ("payment_state" IN ('due', 'paid', 'confirmed', 'queried'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_postage_terms_check" CHECK ("postage_terms" IN ('free', 'per_parcel', 'per_copy', 'actual'));--> statement-breakpoint
ALTER TABLE "publishers" ADD CONSTRAINT "publishers_postage_terms_check" CHECK ("postage_terms" IN ('free', 'per_parcel', 'per_copy', 'actual'));
