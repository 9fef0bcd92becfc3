CREATE TABLE "holdings" (
	"id" serial PRIMARY KEY NOT NULL,
	"library_id" integer NOT NULL,
	"book_id" integer,
	"title" text,
	"author" text,
	"publisher_name" text,
	"publication_year" integer,
	"language" text,
	"isbn" text,
	"accession_number" text NOT NULL,
	"accession_no" bigint,
	"place" text,
	"condition" text DEFAULT 'good' NOT NULL,
	"note" text,
	"source" text DEFAULT 'bought' NOT NULL,
	"acquired_on" date,
	"order_id" integer,
	"state" text DEFAULT 'available' NOT NULL,
	"state_reason" text,
	"search_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "holdings_book_or_title" CHECK ("holdings"."book_id" is not null or "holdings"."title" is not null)
);
--> statement-breakpoint
ALTER TABLE "holdings" ADD CONSTRAINT "holdings_library_id_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."libraries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holdings" ADD CONSTRAINT "holdings_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holdings" ADD CONSTRAINT "holdings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "holdings_library_accession_key" ON "holdings" USING btree ("library_id","accession_number");--> statement-breakpoint
CREATE INDEX "holdings_library_accession_no_idx" ON "holdings" USING btree ("library_id","accession_no");--> statement-breakpoint
CREATE INDEX "holdings_library_book_idx" ON "holdings" USING btree ("library_id","book_id");--> statement-breakpoint
CREATE INDEX "holdings_library_created_idx" ON "holdings" USING btree ("library_id","created_at","id");--> statement-breakpoint
CREATE INDEX "holdings_order_idx" ON "holdings" USING btree ("order_id") WHERE "holdings"."order_id" is not null;