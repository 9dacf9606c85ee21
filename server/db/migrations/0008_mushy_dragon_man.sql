CREATE TABLE "quick_task" (
	"id" serial PRIMARY KEY NOT NULL,
	"study_id" integer NOT NULL,
	"panelist_role_id" integer NOT NULL,
	"panel_id" integer NOT NULL,
	"short_description" text NOT NULL,
	"reward" double precision NOT NULL,
	"start_date" timestamp with time zone,
	"expiry_date" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "quick_task" ADD CONSTRAINT "quick_task_study_id_study_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."study"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quick_task_study_idx" ON "quick_task" USING btree ("study_id");