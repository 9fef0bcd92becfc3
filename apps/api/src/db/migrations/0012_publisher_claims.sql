CREATE TABLE "publisher_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"publisher_id" integer NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"contact" text NOT NULL,
	"message" text NOT NULL,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "publisher_claims" ADD CONSTRAINT "publisher_claims_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE no action ON UPDATE no action;