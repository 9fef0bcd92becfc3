CREATE TABLE "loans" (
	"id" serial PRIMARY KEY NOT NULL,
	"library_id" integer NOT NULL,
	"holding_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"lent_on" date NOT NULL,
	"due_on" date,
	"returned_on" date,
	"renewals" integer DEFAULT 0 NOT NULL,
	"note" text,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" serial PRIMARY KEY NOT NULL,
	"library_id" integer NOT NULL,
	"member_number" text NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"language" text DEFAULT 'gu' NOT NULL,
	"kind" text DEFAULT 'shravak_shravika' NOT NULL,
	"note" text,
	"reminders" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "libraries" ADD COLUMN "loan_period_days" integer DEFAULT 30;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_library_id_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."libraries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_holding_id_holdings_id_fk" FOREIGN KEY ("holding_id") REFERENCES "public"."holdings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_library_id_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."libraries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "loans_open_holding_key" ON "loans" USING btree ("holding_id") WHERE "loans"."returned_on" is null;--> statement-breakpoint
CREATE INDEX "loans_holding_idx" ON "loans" USING btree ("holding_id","id");--> statement-breakpoint
CREATE INDEX "loans_member_idx" ON "loans" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "loans_library_open_idx" ON "loans" USING btree ("library_id","due_on") WHERE "loans"."returned_on" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "members_library_number_key" ON "members" USING btree ("library_id","member_number");--> statement-breakpoint
CREATE INDEX "members_library_name_idx" ON "members" USING btree ("library_id","active","name");