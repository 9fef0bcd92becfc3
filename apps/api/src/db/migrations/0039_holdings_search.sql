-- 'Find on our shelves' at 100,000 copies a library (decision 080): every copy carries the text
-- its search matches, and one trigram index, led by the library (btree_gin), finds a library's
-- copies whose text holds what was typed without reading the library's other copies.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
-- A copy of a registered book takes its book's search_text (the catalogue's: titles in both
-- scripts and romanised, authors, publisher, JSBN); a described book's copy keeps its own.
CREATE FUNCTION "jsbn_holding_search_text"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.book_id IS NOT NULL THEN
    NEW.search_text := coalesce((SELECT search_text FROM books WHERE id = NEW.book_id), NEW.search_text);
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "holdings_search_text" BEFORE INSERT OR UPDATE OF "book_id" ON "holdings" FOR EACH ROW EXECUTE FUNCTION "jsbn_holding_search_text"();--> statement-breakpoint
-- A book whose search_text changes (an edit, the search's new recipe) passes it to its copies,
-- once per statement.
CREATE FUNCTION "jsbn_books_search_to_holdings"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE holdings SET search_text = new_books.search_text
    FROM new_books JOIN old_books USING (id)
    WHERE holdings.book_id = new_books.id AND old_books.search_text IS DISTINCT FROM new_books.search_text;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "books_search_to_holdings" AFTER UPDATE ON "books" REFERENCING OLD TABLE AS old_books NEW TABLE AS new_books FOR EACH STATEMENT EXECUTE FUNCTION "jsbn_books_search_to_holdings"();--> statement-breakpoint
UPDATE "holdings" SET "search_text" = "books"."search_text" FROM "books" WHERE "holdings"."book_id" = "books"."id";--> statement-breakpoint
CREATE INDEX "holdings_library_search_trgm_idx" ON "holdings" USING gin ("library_id","search_text" gin_trgm_ops);
