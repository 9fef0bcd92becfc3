CREATE TABLE "book_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"book_id" integer NOT NULL,
	"position" integer NOT NULL,
	"file_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "book_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"book_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"mobile_no" text NOT NULL,
	"reason" text NOT NULL,
	"referred_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "book_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"book_id" integer NOT NULL,
	"field" text NOT NULL,
	"file_name" text NOT NULL,
	"declared_type" text NOT NULL,
	"declared_size" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"file_key" text,
	"file_size" bigint,
	"uploaded_at" timestamp with time zone,
	"finalised_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reader_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"book_id" integer NOT NULL,
	"name" text NOT NULL,
	"mobile" text NOT NULL,
	"email" text NOT NULL,
	"message" text NOT NULL,
	"book_name" text,
	"wanted_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "index_pdf_key" text;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "book_pdf_key" text;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "title_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "search_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "book_images" ADD CONSTRAINT "book_images_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_requests" ADD CONSTRAINT "book_requests_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_uploads" ADD CONSTRAINT "book_uploads_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reader_orders" ADD CONSTRAINT "reader_orders_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "book_images_book_idx" ON "book_images" USING btree ("book_id","position");--> statement-breakpoint
CREATE INDEX "book_requests_book_idx" ON "book_requests" USING btree ("book_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "book_uploads_token_key" ON "book_uploads" USING btree ("token");--> statement-breakpoint
CREATE INDEX "book_uploads_book_idx" ON "book_uploads" USING btree ("book_id","finalised_at");--> statement-breakpoint
CREATE INDEX "book_uploads_created_idx" ON "book_uploads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "reader_orders_book_idx" ON "reader_orders" USING btree ("book_id","created_at");