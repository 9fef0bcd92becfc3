CREATE TABLE "digest_books" (
	"digest_id" integer NOT NULL,
	"book_id" integer NOT NULL,
	"library_id" integer NOT NULL,
	"carted_at" timestamp with time zone,
	"dismissed_at" timestamp with time zone,
	CONSTRAINT "digest_books_pkey" PRIMARY KEY("digest_id","book_id")
);
--> statement-breakpoint
CREATE TABLE "followed_authors" (
	"library_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "followed_authors_pkey" PRIMARY KEY("library_id","author_id")
);
--> statement-breakpoint
CREATE TABLE "followed_publishers" (
	"library_id" integer NOT NULL,
	"publisher_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "followed_publishers_pkey" PRIMARY KEY("library_id","publisher_id")
);
--> statement-breakpoint
CREATE TABLE "interest_digests" (
	"id" serial PRIMARY KEY NOT NULL,
	"library_id" integer NOT NULL,
	"since_at" timestamp with time zone NOT NULL,
	"until_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "library_interests" (
	"library_id" integer PRIMARY KEY NOT NULL,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"subject_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"swaroops" text[] DEFAULT '{}'::text[] NOT NULL,
	"frequency" text DEFAULT 'weekly' NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "unsubscribe_url" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "template" jsonb;--> statement-breakpoint
ALTER TABLE "digest_books" ADD CONSTRAINT "digest_books_digest_id_interest_digests_id_fk" FOREIGN KEY ("digest_id") REFERENCES "public"."interest_digests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digest_books" ADD CONSTRAINT "digest_books_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digest_books" ADD CONSTRAINT "digest_books_library_id_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."libraries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "followed_authors" ADD CONSTRAINT "followed_authors_library_id_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."libraries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "followed_authors" ADD CONSTRAINT "followed_authors_author_id_authors_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."authors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "followed_publishers" ADD CONSTRAINT "followed_publishers_library_id_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."libraries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "followed_publishers" ADD CONSTRAINT "followed_publishers_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interest_digests" ADD CONSTRAINT "interest_digests_library_id_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."libraries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_interests" ADD CONSTRAINT "library_interests_library_id_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."libraries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "digest_books_book_idx" ON "digest_books" USING btree ("book_id");--> statement-breakpoint
CREATE INDEX "digest_books_library_book_idx" ON "digest_books" USING btree ("library_id","book_id");--> statement-breakpoint
CREATE INDEX "followed_publishers_publisher_idx" ON "followed_publishers" USING btree ("publisher_id");--> statement-breakpoint
CREATE INDEX "interest_digests_library_idx" ON "interest_digests" USING btree ("library_id","id");