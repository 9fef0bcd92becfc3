-- The shelves' list unfiltered at 100,000 copies (decision 080): its total is the library's
-- holdings_count, written by the application where a copy is made (addHolding, shelveOrder,
-- under the library's lock), rather than a count of every copy on each page.
ALTER TABLE "libraries" ADD COLUMN "holdings_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- the copies made before
UPDATE "libraries" SET "holdings_count" = "copies"."count" FROM (SELECT "library_id", count(*)::int AS "count" FROM "holdings" GROUP BY "library_id") AS "copies" WHERE "copies"."library_id" = "libraries"."id";
