-- 'Find on our shelves' at 100,000 copies a library (decision 080): every copy carries the text its
-- search matches, written by the application (modules/holdings/search-text.ts; no trigger), and
-- one GIN index of the library and the text finds a library's copies whose text holds what was
-- typed without reading the library's other copies. The library is indexed as a one-element
-- array (the built-in array_ops), not with btree_gin: PGlite hangs with btree_gin loaded.
-- the copies made before: a registered book's copy takes its book's search_text (a described
-- book's copy keeps its own)
UPDATE "holdings" SET "search_text" = "books"."search_text" FROM "books" WHERE "holdings"."book_id" = "books"."id";--> statement-breakpoint
CREATE INDEX "holdings_library_search_trgm_idx" ON "holdings" USING gin ((array["library_id"]),"search_text" gin_trgm_ops);--> statement-breakpoint
-- the list filtered by place or state, newest first, without reading the library's other copies
CREATE INDEX "holdings_library_place_idx" ON "holdings" USING btree ("library_id",lower("place"));--> statement-breakpoint
CREATE INDEX "holdings_library_state_idx" ON "holdings" USING btree ("library_id","state");--> statement-breakpoint
-- a book's copies in every library, whose text follows the book's (bookTextToCopies)
CREATE INDEX "holdings_book_idx" ON "holdings" USING btree ("book_id") WHERE "holdings"."book_id" is not null;
