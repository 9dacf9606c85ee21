CREATE TABLE "report_aggregate" (
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
	"n" integer NOT NULL,
	"viewable_n" integer NOT NULL,
	"viewed_n" integer NOT NULL,
	"page_dwell_sum" double precision NOT NULL,
	"page_dwell_sq" double precision NOT NULL,
	"viewable_ms_sum" double precision NOT NULL,
	"viewable_ms_sq" double precision NOT NULL,
	"dwell_sum" double precision NOT NULL,
	"dwell_sq" double precision NOT NULL,
	"ttfv_n" integer NOT NULL,
	"ttfv_sum" double precision NOT NULL,
	"ttfv_sq" double precision NOT NULL,
	"share_sum" double precision NOT NULL,
	"share_sq" double precision NOT NULL,
	"dwell_censored_n" integer NOT NULL,
	"viewable_censored_n" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_aggregate_state" (
	"study_id" integer PRIMARY KEY NOT NULL,
	"max_exposure_id" integer NOT NULL,
	"thresholds" text NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_histogram" (
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
	"graph_type" smallint NOT NULL,
	"bin" integer NOT NULL,
	"n" integer NOT NULL,
	"censored_n" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_aggregate" ADD CONSTRAINT "report_aggregate_study_id_study_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."study"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_aggregate" ADD CONSTRAINT "report_aggregate_step_id_step_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."step"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_aggregate" ADD CONSTRAINT "report_aggregate_stim_id_stim_id_fk" FOREIGN KEY ("stim_id") REFERENCES "public"."stim"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_aggregate_state" ADD CONSTRAINT "report_aggregate_state_study_id_study_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."study"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_histogram" ADD CONSTRAINT "report_histogram_study_id_study_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."study"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_histogram" ADD CONSTRAINT "report_histogram_step_id_step_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."step"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_histogram" ADD CONSTRAINT "report_histogram_stim_id_stim_id_fk" FOREIGN KEY ("stim_id") REFERENCES "public"."stim"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_aggregate_uq" ON "report_aggregate" USING btree ("study_id","step_id","stim_id","age_group_id","family_group_id","earnings_group_id","gender_group_id","socialgrade_group_id","ethnicity_group_id","is_test","complete","eyetracked","quality","insufficient");--> statement-breakpoint
CREATE UNIQUE INDEX "report_histogram_uq" ON "report_histogram" USING btree ("study_id","step_id","stim_id","age_group_id","family_group_id","earnings_group_id","gender_group_id","socialgrade_group_id","ethnicity_group_id","is_test","complete","eyetracked","quality","insufficient","graph_type","bin");--> statement-breakpoint
CREATE INDEX "exposure_study_id_idx" ON "exposure" USING btree ("study_id","id");