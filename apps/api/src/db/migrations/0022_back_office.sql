CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_account_id" integer,
	"actor_role" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" bigint NOT NULL,
	"action" text NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "book_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"book_id" integer NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"reporter_email" text,
	"reporter_account_id" integer,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer,
	"resolution_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "duplicate_pairs" (
	"id" serial PRIMARY KEY NOT NULL,
	"book_id" integer NOT NULL,
	"other_book_id" integer NOT NULL,
	"similarity" real NOT NULL,
	"publisher_reason" text,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publisher_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"publisher_id" integer NOT NULL,
	"from_role" text NOT NULL,
	"account_id" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "totp_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "suspended_reason" text;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "withdrawn_reason" text;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "duplicate_of" integer;--> statement-breakpoint
ALTER TABLE "publisher_claims" ADD COLUMN "refused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "publisher_claims" ADD COLUMN "refused_reason" text;--> statement-breakpoint
ALTER TABLE "publishers" ADD COLUMN "verification" text DEFAULT 'NEW' NOT NULL;--> statement-breakpoint
ALTER TABLE "publishers" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "book_reports" ADD CONSTRAINT "book_reports_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_pairs" ADD CONSTRAINT "duplicate_pairs_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_pairs" ADD CONSTRAINT "duplicate_pairs_other_book_id_books_id_fk" FOREIGN KEY ("other_book_id") REFERENCES "public"."books"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publisher_messages" ADD CONSTRAINT "publisher_messages_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publisher_messages" ADD CONSTRAINT "publisher_messages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_subject_idx" ON "audit_log" USING btree ("subject_type","subject_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_account_id","id");--> statement-breakpoint
CREATE INDEX "book_reports_status_idx" ON "book_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "book_reports_book_idx" ON "book_reports" USING btree ("book_id");--> statement-breakpoint
CREATE UNIQUE INDEX "duplicate_pairs_books_key" ON "duplicate_pairs" USING btree ("book_id","other_book_id");--> statement-breakpoint
CREATE INDEX "duplicate_pairs_status_idx" ON "duplicate_pairs" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "publisher_messages_publisher_idx" ON "publisher_messages" USING btree ("publisher_id","id");--> statement-breakpoint
CREATE INDEX "publishers_verification_idx" ON "publishers" USING btree ("verification","created_at");--> statement-breakpoint
-- The record is append-only: no code path, and no mistaken query, updates or deletes it.
CREATE FUNCTION "jsbn_audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "jsbn_audit_log_append_only"();
