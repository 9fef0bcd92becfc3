CREATE TABLE "search_postings" (
	"word" text NOT NULL,
	"in_title" boolean NOT NULL,
	"title_length" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"book_id" integer NOT NULL
);
--> statement-breakpoint
-- The rows of the word index of one book (decision 024): each word of its search_text as the
-- vocabulary splits it (jsbn_search_words, migration 0007), whether its title_text holds the
-- word, the length of its book_title (characters), its created_at and its id.
-- Arguments: search_text, title_text, book_title, created_at, id. The title's words are split
-- once a book (OFFSET 0 keeps the planner from splitting them again for each word: 11x slower).
CREATE FUNCTION "jsbn_book_postings"(text, text, text, timestamptz, integer)
  RETURNS TABLE ("word" text, "in_title" boolean, "title_length" integer, "created_at" timestamptz, "book_id" integer)
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT word, word = ANY (title.words), char_length($3), $4, $5
  FROM (SELECT ARRAY(SELECT jsbn_search_words($2)) AS words OFFSET 0) AS title, jsbn_search_words($1) AS word
$$;--> statement-breakpoint
INSERT INTO "search_postings"
  SELECT p.* FROM "books" b, "jsbn_book_postings"(b."search_text", b."title_text", b."book_title", b."created_at", b."id") AS p;--> statement-breakpoint
CREATE INDEX "search_postings_rank_idx" ON "search_postings" USING btree ("word","in_title" DESC NULLS LAST,"title_length","created_at" DESC NULLS LAST,"book_id" DESC NULLS LAST);--> statement-breakpoint
ANALYZE "search_postings";--> statement-breakpoint
-- Keeps search_postings in step with the books, once per statement: a book's rows are written
-- when it is registered, and written again when what they hold changes (its search or title
-- text, its title, its created_at); they are found by their whole key, a lookup of the index.
CREATE FUNCTION "jsbn_keep_search_postings"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_postings
      SELECT p.* FROM new_books b, jsbn_book_postings(b.search_text, b.title_text, b.book_title, b.created_at, b.id) AS p;
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM search_postings s
      USING old_books b, jsbn_book_postings(b.search_text, b.title_text, b.book_title, b.created_at, b.id) AS p
      WHERE (s.word, s.in_title, s.title_length, s.created_at, s.book_id) = (p.word, p.in_title, p.title_length, p.created_at, p.book_id);
  ELSE
    DELETE FROM search_postings s
      USING old_books b JOIN new_books n ON n.id = b.id, jsbn_book_postings(b.search_text, b.title_text, b.book_title, b.created_at, b.id) AS p
      WHERE (b.search_text, b.title_text, b.book_title, b.created_at) IS DISTINCT FROM (n.search_text, n.title_text, n.book_title, n.created_at)
        AND (s.word, s.in_title, s.title_length, s.created_at, s.book_id) = (p.word, p.in_title, p.title_length, p.created_at, p.book_id);
    INSERT INTO search_postings
      SELECT p.* FROM new_books b JOIN old_books o ON o.id = b.id, jsbn_book_postings(b.search_text, b.title_text, b.book_title, b.created_at, b.id) AS p
      WHERE (b.search_text, b.title_text, b.book_title, b.created_at) IS DISTINCT FROM (o.search_text, o.title_text, o.book_title, o.created_at);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "books_search_postings_insert" AFTER INSERT ON "books" REFERENCING NEW TABLE AS new_books FOR EACH STATEMENT EXECUTE FUNCTION "jsbn_keep_search_postings"();--> statement-breakpoint
CREATE TRIGGER "books_search_postings_update" AFTER UPDATE ON "books" REFERENCING OLD TABLE AS old_books NEW TABLE AS new_books FOR EACH STATEMENT EXECUTE FUNCTION "jsbn_keep_search_postings"();--> statement-breakpoint
CREATE TRIGGER "books_search_postings_delete" AFTER DELETE ON "books" REFERENCING OLD TABLE AS old_books FOR EACH STATEMENT EXECUTE FUNCTION "jsbn_keep_search_postings"();
