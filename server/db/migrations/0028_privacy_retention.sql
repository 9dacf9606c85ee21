-- Issue 41 items 2 and 3: a company's retention periods (null: kept until removed by hand) and
-- what retention or an erasure left behind on a study (the reports' notices; no personal data).
ALTER TABLE "company" ADD COLUMN "raw_gaze_retention_days" integer;
--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "study_retention_days" integer;
--> statement-breakpoint
ALTER TABLE "study" ADD COLUMN "raw_gaze_removed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "study" ADD COLUMN "respondent_data_removed_at" timestamp with time zone;
