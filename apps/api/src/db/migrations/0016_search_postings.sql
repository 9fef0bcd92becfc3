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
-- Rows are written in the index's order (a batch of 1,000 imported books: a quarter faster).
CREATE FUNCTION "jsbn_keep_search_postings"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_postings
      SELECT p.* FROM new_books b, jsbn_book_postings(b.search_text, b.title_text, b.book_title, b.created_at, b.id) AS p
      ORDER BY 1, 2 DESC, 3, 4 DESC, 5 DESC;
  ELSIF TG_OP = 'DELETE' THEN
    -- each row found by its whole key, whatever the planner guesses of the transition table
    -- (OFFSET 0: one index lookup a row, never a join reading the whole index), then deleted by its place
    DELETE FROM search_postings WHERE ctid = ANY (ARRAY(
      SELECT s.ctid FROM old_books b
      CROSS JOIN LATERAL jsbn_book_postings(b.search_text, b.title_text, b.book_title, b.created_at, b.id) AS p
      CROSS JOIN LATERAL (SELECT ctid FROM search_postings
        WHERE (word, in_title, title_length, created_at, book_id) = (p.word, p.in_title, p.title_length, p.created_at, p.book_id) OFFSET 0) AS s));
  ELSE
    -- only the books whose rows change (an availability or a price changes none), found first (OFFSET 0)
    DELETE FROM search_postings WHERE ctid = ANY (ARRAY(
      SELECT s.ctid FROM (
        SELECT o.* FROM old_books o JOIN new_books n ON n.id = o.id
        WHERE (o.search_text, o.title_text, o.book_title, o.created_at) IS DISTINCT FROM (n.search_text, n.title_text, n.book_title, n.created_at) OFFSET 0
      ) AS b
      CROSS JOIN LATERAL jsbn_book_postings(b.search_text, b.title_text, b.book_title, b.created_at, b.id) AS p
      CROSS JOIN LATERAL (SELECT ctid FROM search_postings
        WHERE (word, in_title, title_length, created_at, book_id) = (p.word, p.in_title, p.title_length, p.created_at, p.book_id) OFFSET 0) AS s));
    INSERT INTO search_postings
      SELECT p.* FROM (
        SELECT n.* FROM new_books n JOIN old_books o ON o.id = n.id
        WHERE (o.search_text, o.title_text, o.book_title, o.created_at) IS DISTINCT FROM (n.search_text, n.title_text, n.book_title, n.created_at) OFFSET 0
      ) AS b, jsbn_book_postings(b.search_text, b.title_text, b.book_title, b.created_at, b.id) AS p
      ORDER BY 1, 2 DESC, 3, 4 DESC, 5 DESC;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "books_search_postings_insert" AFTER INSERT ON "books" REFERENCING NEW TABLE AS new_books FOR EACH STATEMENT EXECUTE FUNCTION "jsbn_keep_search_postings"();--> statement-breakpoint
CREATE TRIGGER "books_search_postings_update" AFTER UPDATE ON "books" REFERENCING OLD TABLE AS old_books NEW TABLE AS new_books FOR EACH STATEMENT EXECUTE FUNCTION "jsbn_keep_search_postings"();--> statement-breakpoint
CREATE TRIGGER "books_search_postings_delete" AFTER DELETE ON "books" REFERENCING OLD TABLE AS old_books FOR EACH STATEMENT EXECUTE FUNCTION "jsbn_keep_search_postings"();
