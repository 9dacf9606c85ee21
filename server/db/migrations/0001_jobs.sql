CREATE TABLE "app_job" (
	"id" serial PRIMARY KEY NOT NULL,
	"boss_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"company_id" integer NOT NULL,
	"key" text,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_job_boss_id_unique" UNIQUE("boss_id")
);
--> statement-breakpoint
ALTER TABLE "app_job" ADD CONSTRAINT "app_job_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_job_kind_key_idx" ON "app_job" USING btree ("kind","key");--> statement-breakpoint
CREATE INDEX "app_job_company_idx" ON "app_job" USING btree ("company_id");