-- Control characters out of every text a person typed into a record (the shared schemas refuse
-- them since; @jsbn/shared control-characters.ts): C0 U+0001–U+001F (a multi-line field — an
-- address, a message, contents — keeps tab and line feed; its CR LF and CR become LF), DEL, C1
-- U+0080–U+009F and U+FFFE/U+FFFF. In a one-line field a tab or line break becomes a space.
-- Only rows holding one are written. And a PDF link that is not http or https (a `javascript:` or
-- `data:` address) is no link at all: it is cleared.
CREATE FUNCTION "jsbn_one_line"(value text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT btrim(regexp_replace(regexp_replace(value, '[\t\n\r]', ' ', 'g'), '[\u0001-\u001f\u007f-\u009f\ufffe\uffff]', '', 'g'))
$$;--> statement-breakpoint
CREATE FUNCTION "jsbn_lines"(value text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT btrim(regexp_replace(regexp_replace(value, '\r\n?', E'\n', 'g'), '[\u0001-\u0008\u000b-\u001f\u007f-\u009f\ufffe\uffff]', '', 'g'), E' \t\n')
$$;--> statement-breakpoint
-- what each kind of field may not hold
CREATE FUNCTION "jsbn_bad_line"(value text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT value ~ '[\u0001-\u001f\u007f-\u009f\ufffe\uffff]'
$$;--> statement-breakpoint
CREATE FUNCTION "jsbn_bad_lines"(value text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT value ~ '[\u0001-\u0008\u000b-\u001f\u007f-\u009f\ufffe\uffff]'
$$;--> statement-breakpoint
-- books (and their search text, made again at the next start: search_version 0)
UPDATE "books" SET
  "book_title" = jsbn_one_line("book_title"), "book_e_title" = jsbn_one_line("book_e_title"),
  "alternate_title" = jsbn_one_line("alternate_title"), "book_alt_subtitle" = jsbn_one_line("book_alt_subtitle"),
  "book_subtitle_lang" = jsbn_one_line("book_subtitle_lang"), "language" = jsbn_one_line("language"),
  "type" = jsbn_one_line("type"), "other_type" = jsbn_one_line("other_type"), "part" = jsbn_one_line("part"),
  "tags" = jsbn_one_line("tags"), "other_subject" = jsbn_one_line("other_subject"), "pdfurl" = jsbn_one_line("pdfurl"),
  "contents" = jsbn_lines("contents"), "search_version" = 0
WHERE jsbn_bad_line("book_title") OR jsbn_bad_line("book_e_title") OR jsbn_bad_line("alternate_title") OR jsbn_bad_line("book_alt_subtitle")
  OR jsbn_bad_line("book_subtitle_lang") OR jsbn_bad_line("language") OR jsbn_bad_line("type") OR jsbn_bad_line("other_type")
  OR jsbn_bad_line("part") OR jsbn_bad_line("tags") OR jsbn_bad_line("other_subject") OR jsbn_bad_line("pdfurl") OR jsbn_bad_lines("contents");--> statement-breakpoint
UPDATE "books" SET "pdfurl" = NULL WHERE "pdfurl" IS NOT NULL AND "pdfurl" !~* '^https?://';--> statement-breakpoint
-- authors: one record per name, so a name that is another's once cleaned joins that record
CREATE TEMPORARY TABLE "jsbn_author_merges" AS
  SELECT "id", min("id") OVER (PARTITION BY jsbn_one_line("author_name")) AS "keeper"
  FROM "authors" WHERE jsbn_one_line("author_name") IN (SELECT jsbn_one_line("author_name") FROM "authors" WHERE jsbn_bad_line("author_name"));--> statement-breakpoint
UPDATE "books" SET "search_version" = 0 WHERE "id" IN (SELECT "book_id" FROM "book_authors" WHERE jsbn_bad_line("author_name"));--> statement-breakpoint
UPDATE "book_authors" b SET "author_id" = m."keeper" FROM "jsbn_author_merges" m WHERE b."author_id" = m."id" AND m."keeper" <> m."id";--> statement-breakpoint
DELETE FROM "authors" a USING "jsbn_author_merges" m WHERE a."id" = m."id" AND m."keeper" <> m."id";--> statement-breakpoint
UPDATE "authors" SET "author_name" = jsbn_one_line("author_name") WHERE jsbn_bad_line("author_name");--> statement-breakpoint
UPDATE "book_authors" SET "author_name" = jsbn_one_line("author_name") WHERE jsbn_bad_line("author_name");--> statement-breakpoint
DROP TABLE "jsbn_author_merges";--> statement-breakpoint
UPDATE "publishers" SET "publisher_name" = jsbn_one_line("publisher_name"), "address" = jsbn_lines("address"), "gst_no" = jsbn_one_line("gst_no")
WHERE jsbn_bad_line("publisher_name") OR jsbn_bad_lines("address") OR jsbn_bad_line("gst_no");--> statement-breakpoint
UPDATE "libraries" SET
  "name" = jsbn_one_line("name"), "sanchalak_name" = jsbn_one_line("sanchalak_name"), "sanchalak_address" = jsbn_lines("sanchalak_address"),
  "address" = jsbn_lines("address"), "gst_no" = jsbn_one_line("gst_no"), "letter_text" = jsbn_lines("letter_text")
WHERE jsbn_bad_line("name") OR jsbn_bad_line("sanchalak_name") OR jsbn_bad_lines("sanchalak_address") OR jsbn_bad_lines("address")
  OR jsbn_bad_line("gst_no") OR jsbn_bad_lines("letter_text");--> statement-breakpoint
UPDATE "book_uploads" SET "file_name" = jsbn_one_line("file_name") WHERE jsbn_bad_line("file_name");--> statement-breakpoint
UPDATE "book_requests" SET "name" = jsbn_one_line("name"), "reason" = jsbn_lines("reason"), "referred_by" = jsbn_one_line("referred_by")
WHERE jsbn_bad_line("name") OR jsbn_bad_lines("reason") OR jsbn_bad_line("referred_by");--> statement-breakpoint
UPDATE "reader_orders" SET "name" = jsbn_one_line("name"), "message" = jsbn_lines("message"), "book_name" = jsbn_one_line("book_name")
WHERE jsbn_bad_line("name") OR jsbn_bad_lines("message") OR jsbn_bad_line("book_name");--> statement-breakpoint
UPDATE "dispatches" SET "courier_company_name" = jsbn_one_line("courier_company_name"), "courier_company_number" = jsbn_one_line("courier_company_number"), "tracking_id" = jsbn_one_line("tracking_id")
WHERE jsbn_bad_line("courier_company_name") OR jsbn_bad_line("courier_company_number") OR jsbn_bad_line("tracking_id");--> statement-breakpoint
UPDATE "publisher_claims" SET "full_name" = jsbn_one_line("full_name"), "message" = jsbn_lines("message") WHERE jsbn_bad_line("full_name") OR jsbn_bad_lines("message");--> statement-breakpoint
UPDATE "contact_messages" SET "full_name" = jsbn_one_line("full_name"), "message" = jsbn_lines("message") WHERE jsbn_bad_line("full_name") OR jsbn_bad_lines("message");--> statement-breakpoint
DROP FUNCTION "jsbn_one_line"(text);--> statement-breakpoint
DROP FUNCTION "jsbn_lines"(text);--> statement-breakpoint
DROP FUNCTION "jsbn_bad_line"(text);--> statement-breakpoint
DROP FUNCTION "jsbn_bad_lines"(text);
