-- Authors as their own records (docs/api.md authorId / authorname): one per name,
-- filled from the names books already carry, then linked from each book's author rows.
CREATE TABLE "authors" (
	"id" serial PRIMARY KEY NOT NULL,
	"author_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "authors_name_idx" ON "authors" USING btree ("author_name");--> statement-breakpoint
CREATE INDEX "authors_name_trgm_idx" ON "authors" USING gin ("author_name" gin_trgm_ops);--> statement-breakpoint
INSERT INTO "authors" ("author_name") SELECT DISTINCT "author_name" FROM "book_authors" ORDER BY 1;--> statement-breakpoint
ALTER TABLE "book_authors" ADD COLUMN "author_id" integer;--> statement-breakpoint
UPDATE "book_authors" SET "author_id" = "authors"."id" FROM "authors" WHERE "authors"."author_name" = "book_authors"."author_name";--> statement-breakpoint
ALTER TABLE "book_authors" ALTER COLUMN "author_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "book_authors" ADD CONSTRAINT "book_authors_author_id_authors_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."authors"("id") ON DELETE no action ON UPDATE no action;
