ALTER TABLE "books" ADD COLUMN "price_kind" text DEFAULT 'priced' NOT NULL;--> statement-breakpoint
ALTER TABLE "dispatches" ADD COLUMN "postage_minor" bigint;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "price_kind" text DEFAULT 'priced' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "price_minor" bigint;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "currency" text DEFAULT 'INR' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "currency" text DEFAULT 'INR' NOT NULL;--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_price_kind_check" CHECK ("price_kind" IN ('priced', 'nominal', 'free'));--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_price_kind_check" CHECK ("price_kind" IN ('priced', 'nominal', 'free'));--> statement-breakpoint
-- a price of 0 meant a free book
UPDATE "books" SET "price_kind" = 'free', "price_minor" = NULL WHERE "price_minor" = 0;--> statement-breakpoint
-- orders placed before prices were kept with them take their books' prices of today
UPDATE "order_items" SET "price_kind" = b."price_kind", "price_minor" = b."price_minor", "currency" = b."currency" FROM "books" b WHERE b."id" = "order_items"."book_id";--> statement-breakpoint
UPDATE "orders" SET "currency" = coalesce((SELECT i."currency" FROM "order_items" i WHERE i."order_id" = "orders"."id" AND i."price_minor" IS NOT NULL ORDER BY i."id" LIMIT 1), 'INR');
