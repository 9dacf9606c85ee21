CREATE TABLE "exposure_feature" (
	"id" serial PRIMARY KEY NOT NULL,
	"study_id" integer NOT NULL,
	"exposure_id" integer NOT NULL,
	"tag" text NOT NULL,
	"fixation_count" integer NOT NULL,
	"dwell_ms" double precision NOT NULL,
	"first_fixation_ms" double precision NOT NULL,
	"first_fixation_viewable_ms" double precision,
	"visits" integer NOT NULL,
	"entry_rank" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exposure_feature" ADD CONSTRAINT "exposure_feature_study_id_study_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."study"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exposure_feature" ADD CONSTRAINT "exposure_feature_exposure_id_exposure_id_fk" FOREIGN KEY ("exposure_id") REFERENCES "public"."exposure"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exposure_feature_uq" ON "exposure_feature" USING btree ("exposure_id","tag");--> statement-breakpoint
CREATE INDEX "exposure_feature_study_idx" ON "exposure_feature" USING btree ("study_id");