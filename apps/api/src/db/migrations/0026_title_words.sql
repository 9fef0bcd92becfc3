-- The words of a book's titles (decision 054): its title_text split as the vocabulary splits a
-- search text (jsbn_search_words, migration 0007) — at white space, the bullet, the danda and
-- ASCII punctuation — each once, numbers kept (a title's part number is one of its words).
CREATE OR REPLACE FUNCTION "jsbn_title_words"(title_text text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ARRAY(SELECT DISTINCT word FROM regexp_split_to_table(title_text, '[\s\u2022\u0964\u0965!-/:-@\[-`{-~]+') AS word WHERE word <> '')
$$;--> statement-breakpoint
-- The duplicate check intersects the lists of the title's words (its rarest first) instead of
-- its trigrams'. IF NOT EXISTS: on a large catalogue it may be built beforehand with CREATE
-- INDEX CONCURRENTLY (after the function, which is made again here as it was), while writes go on.
CREATE INDEX IF NOT EXISTS "books_title_words_idx" ON "books" USING gin (jsbn_title_words("title_text"));
