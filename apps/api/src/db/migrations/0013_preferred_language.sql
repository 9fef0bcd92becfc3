ALTER TABLE "accounts" ADD COLUMN "preferred_language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_preferred_language_check" CHECK ("preferred_language" IN ('en', 'gu', 'hi'));
