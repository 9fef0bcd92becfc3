ALTER TABLE "orders" ADD COLUMN "letter_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "letter_sent_at" timestamp with time zone;