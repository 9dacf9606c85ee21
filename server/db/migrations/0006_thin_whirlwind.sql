CREATE TABLE "company_origin" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"origin" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_origin_company_origin_key" UNIQUE("company_id","origin")
);
--> statement-breakpoint
ALTER TABLE "embed_token" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "embed_token" ADD COLUMN "report_kinds" jsonb;--> statement-breakpoint
ALTER TABLE "company_origin" ADD CONSTRAINT "company_origin_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_origin" ADD CONSTRAINT "company_origin_created_by_app_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "embed_token_study_idx" ON "embed_token" USING btree ("company_id","study_id");