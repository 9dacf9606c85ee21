ALTER TABLE "report_aggregate" DROP CONSTRAINT "report_aggregate_study_id_study_id_fk";
--> statement-breakpoint
ALTER TABLE "report_aggregate" DROP CONSTRAINT "report_aggregate_step_id_step_id_fk";
--> statement-breakpoint
ALTER TABLE "report_aggregate" DROP CONSTRAINT "report_aggregate_stim_id_stim_id_fk";
--> statement-breakpoint
ALTER TABLE "report_aoi_metric_aggregate" DROP CONSTRAINT "report_aoi_metric_aggregate_study_id_study_id_fk";
--> statement-breakpoint
ALTER TABLE "report_aoi_metric_aggregate" DROP CONSTRAINT "report_aoi_metric_aggregate_step_id_step_id_fk";
--> statement-breakpoint
ALTER TABLE "report_aoi_metric_aggregate" DROP CONSTRAINT "report_aoi_metric_aggregate_stim_id_stim_id_fk";
--> statement-breakpoint
ALTER TABLE "report_feature_aggregate" DROP CONSTRAINT "report_feature_aggregate_study_id_study_id_fk";
--> statement-breakpoint
ALTER TABLE "report_feature_aggregate" DROP CONSTRAINT "report_feature_aggregate_step_id_step_id_fk";
--> statement-breakpoint
ALTER TABLE "report_feature_aggregate" DROP CONSTRAINT "report_feature_aggregate_stim_id_stim_id_fk";
--> statement-breakpoint
ALTER TABLE "report_histogram" DROP CONSTRAINT "report_histogram_study_id_study_id_fk";
--> statement-breakpoint
ALTER TABLE "report_histogram" DROP CONSTRAINT "report_histogram_step_id_step_id_fk";
--> statement-breakpoint
ALTER TABLE "report_histogram" DROP CONSTRAINT "report_histogram_stim_id_stim_id_fk";
--> statement-breakpoint
ALTER TABLE "report_scanpath_aggregate" DROP CONSTRAINT "report_scanpath_aggregate_study_id_study_id_fk";
--> statement-breakpoint
ALTER TABLE "report_scanpath_aggregate" DROP CONSTRAINT "report_scanpath_aggregate_step_id_step_id_fk";
--> statement-breakpoint
ALTER TABLE "report_scanpath_aggregate" DROP CONSTRAINT "report_scanpath_aggregate_stim_id_stim_id_fk";
