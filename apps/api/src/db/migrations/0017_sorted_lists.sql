ALTER TABLE "publishers" ADD COLUMN "book_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "books_title_idx" ON "books" USING btree ("book_title","id");--> statement-breakpoint
CREATE INDEX "books_e_title_idx" ON "books" USING btree ("book_e_title","id");--> statement-breakpoint
CREATE INDEX "books_year_idx" ON "books" USING btree ("publication_year","id");--> statement-breakpoint
CREATE INDEX "books_language_idx" ON "books" USING btree ("language","id");--> statement-breakpoint
CREATE INDEX "books_pages_idx" ON "books" USING btree ("pages","id");--> statement-breakpoint
CREATE INDEX "publishers_name_idx" ON "publishers" USING btree ("publisher_name","id");--> statement-breakpoint
UPDATE "publishers" p SET "book_count" = c.n FROM (SELECT "publisher_id", count(*)::int AS n FROM "books" GROUP BY "publisher_id") c WHERE c."publisher_id" = p."id";--> statement-breakpoint
-- Keeps publishers.book_count in step with the books, once per statement. Registration has
-- locked the publishers' rows already (FOR UPDATE, in id order), so this adds no waiting.
CREATE FUNCTION "jsbn_count_publisher_books"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE publishers p SET book_count = p.book_count + c.n
      FROM (SELECT publisher_id, count(*)::int AS n FROM new_books GROUP BY publisher_id) c WHERE p.id = c.publisher_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE publishers p SET book_count = p.book_count - c.n
      FROM (SELECT publisher_id, count(*)::int AS n FROM old_books GROUP BY publisher_id) c WHERE p.id = c.publisher_id;
  ELSE
    UPDATE publishers p SET book_count = p.book_count + c.n
      FROM (
        SELECT publisher_id, sum(delta)::int AS n FROM (
          SELECT n.publisher_id, 1 AS delta FROM new_books n JOIN old_books o ON o.id = n.id WHERE o.publisher_id <> n.publisher_id
          UNION ALL
          SELECT o.publisher_id, -1 FROM new_books n JOIN old_books o ON o.id = n.id WHERE o.publisher_id <> n.publisher_id
        ) AS moved GROUP BY publisher_id
      ) c WHERE p.id = c.publisher_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "books_publisher_count_insert" AFTER INSERT ON "books" REFERENCING NEW TABLE AS new_books FOR EACH STATEMENT EXECUTE FUNCTION "jsbn_count_publisher_books"();--> statement-breakpoint
CREATE TRIGGER "books_publisher_count_update" AFTER UPDATE ON "books" REFERENCING OLD TABLE AS old_books NEW TABLE AS new_books FOR EACH STATEMENT EXECUTE FUNCTION "jsbn_count_publisher_books"();--> statement-breakpoint
CREATE TRIGGER "books_publisher_count_delete" AFTER DELETE ON "books" REFERENCING OLD TABLE AS old_books FOR EACH STATEMENT EXECUTE FUNCTION "jsbn_count_publisher_books"();
