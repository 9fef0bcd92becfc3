-- The title rows of the word index in newest-first order, word by word (decision 056): an SRU
-- title search merges the lists of its words in this order and stops at its page, instead of
-- reading, counting and sorting every title row of a common word. IF NOT EXISTS: on a large
-- catalogue it is built beforehand with CREATE INDEX CONCURRENTLY (the same statement), while
-- books are registered; built here it holds book writes for minutes at a million books.
CREATE INDEX IF NOT EXISTS "search_postings_title_newest_idx" ON "search_postings" USING btree ("word","created_at" DESC NULLS LAST,"book_id" DESC NULLS LAST) WHERE "search_postings"."in_title";
