CREATE TABLE "report_scanpath_aggregate" (
	"study_id" integer NOT NULL,
	"step_id" integer NOT NULL,
	"stim_id" integer NOT NULL,
	"age_group_id" integer NOT NULL,
	"family_group_id" integer NOT NULL,
	"earnings_group_id" integer NOT NULL,
	"gender_group_id" integer NOT NULL,
	"socialgrade_group_id" integer NOT NULL,
	"ethnicity_group_id" integer NOT NULL,
	"is_test" boolean NOT NULL,
	"complete" boolean NOT NULL,
	"eyetracked" boolean NOT NULL,
	"quality" boolean NOT NULL,
	"insufficient" boolean NOT NULL,
	"tag" text NOT NULL,
	"rank" integer NOT NULL,
	"viewers" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_scanpath_aggregate" ADD CONSTRAINT "report_scanpath_aggregate_study_id_study_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."study"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_scanpath_aggregate" ADD CONSTRAINT "report_scanpath_aggregate_step_id_step_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."step"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_scanpath_aggregate" ADD CONSTRAINT "report_scanpath_aggregate_stim_id_stim_id_fk" FOREIGN KEY ("stim_id") REFERENCES "public"."stim"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_scanpath_aggregate_uq" ON "report_scanpath_aggregate" USING btree ("study_id","step_id","stim_id","age_group_id","family_group_id","earnings_group_id","gender_group_id","socialgrade_group_id","ethnicity_group_id","is_test","complete","eyetracked","quality","insufficient","tag","rank");--> statement-breakpoint
-- Existing aggregate rows have no scanpath or roll-up rows yet (and 0014 left its feature tables empty): every study is rebuilt at its next read.
UPDATE "report_aggregate_state" SET "max_exposure_id" = -1;