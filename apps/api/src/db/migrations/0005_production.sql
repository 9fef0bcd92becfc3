ALTER TABLE "book_uploads" ADD COLUMN "object_key" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "last_error" text;