-- The duplicate check (decision 044) reads the titles' trigrams alone. IF NOT EXISTS: on a large
-- catalogue it may be built beforehand with CREATE INDEX CONCURRENTLY, while writes go on.
CREATE INDEX IF NOT EXISTS "books_title_text_trgm_idx" ON "books" USING gin ("title_text" gin_trgm_ops);