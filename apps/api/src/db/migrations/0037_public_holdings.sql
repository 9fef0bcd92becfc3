ALTER TABLE "libraries" ADD COLUMN "holdings_public" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "libraries" ADD COLUMN "opening_hours" text;--> statement-breakpoint
ALTER TABLE "libraries" ADD COLUMN "pincode" text;--> statement-breakpoint
ALTER TABLE "libraries" ADD COLUMN "city_id" integer;--> statement-breakpoint
ALTER TABLE "libraries" ADD COLUMN "state_id" integer;--> statement-breakpoint
CREATE INDEX "holdings_book_available_idx" ON "holdings" USING btree ("book_id","library_id") WHERE "holdings"."state" = 'available';