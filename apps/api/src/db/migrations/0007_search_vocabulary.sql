CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"books" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "books_created_idx";--> statement-breakpoint
CREATE INDEX "search_words_word_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "books_created_idx" ON "books" USING btree ("created_at","id");--> statement-breakpoint
-- The distinct words of a search_text (lower-cased already) that search asks about: split at
-- white space, the bullet between its parts, the danda and ASCII punctuation (search.ts splits
-- what is typed the same way); words with a digit (numbers, JSBNs: one per book) are left out.
CREATE FUNCTION "jsbn_search_words"(search_text text) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT word FROM regexp_split_to_table(search_text, '[\s\u2022\u0964\u0965!-/:-@\[-`{-~]+') AS word
  WHERE word <> '' AND word !~ '[0-9]'
$$;--> statement-breakpoint
INSERT INTO "search_words" ("word", "books")
  SELECT word, count(*) FROM "books", "jsbn_search_words"("books"."search_text") AS word GROUP BY word;--> statement-breakpoint
-- Keeps search_words.books in step with the books, once per statement (a batch of 2,000 imported
-- books is one upsert of its words). Words are written in word order, so two transactions that
-- share words lock them in the same order and never deadlock.
CREATE FUNCTION "jsbn_count_search_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_words AS w (word, books)
      SELECT word, count(*) FROM new_books, jsbn_search_words(new_books.search_text) AS word GROUP BY word ORDER BY word
      ON CONFLICT (word) DO UPDATE SET books = w.books + excluded.books;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO search_words AS w (word, books)
      SELECT word, -count(*) FROM old_books, jsbn_search_words(old_books.search_text) AS word GROUP BY word ORDER BY word
      ON CONFLICT (word) DO UPDATE SET books = w.books + excluded.books;
  ELSE
    INSERT INTO search_words AS w (word, books)
      SELECT word, sum(delta) FROM (
        SELECT word, -1 AS delta FROM old_books JOIN new_books USING (id), jsbn_search_words(old_books.search_text) AS word
          WHERE old_books.search_text IS DISTINCT FROM new_books.search_text
        UNION ALL
        SELECT word, 1 FROM new_books JOIN old_books USING (id), jsbn_search_words(new_books.search_text) AS word
          WHERE old_books.search_text IS DISTINCT FROM new_books.search_text
      ) AS changed GROUP BY word HAVING sum(delta) <> 0 ORDER BY word
      ON CONFLICT (word) DO UPDATE SET books = w.books + excluded.books;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "books_search_words_insert" AFTER INSERT ON "books" REFERENCING NEW TABLE AS new_books FOR EACH STATEMENT EXECUTE FUNCTION "jsbn_count_search_words"();--> statement-breakpoint
CREATE TRIGGER "books_search_words_update" AFTER UPDATE ON "books" REFERENCING OLD TABLE AS old_books NEW TABLE AS new_books FOR EACH STATEMENT EXECUTE FUNCTION "jsbn_count_search_words"();--> statement-breakpoint
CREATE TRIGGER "books_search_words_delete" AFTER DELETE ON "books" REFERENCING OLD TABLE AS old_books FOR EACH STATEMENT EXECUTE FUNCTION "jsbn_count_search_words"();
