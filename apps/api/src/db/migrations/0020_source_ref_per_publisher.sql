DROP INDEX "books_source_ref_key";--> statement-breakpoint
CREATE UNIQUE INDEX "books_source_ref_publisher_key" ON "books" USING btree ("source_ref","publisher_id");