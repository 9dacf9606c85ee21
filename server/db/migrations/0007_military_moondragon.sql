ALTER TABLE "exposure" ADD COLUMN "gaze_period_ms" double precision;--> statement-breakpoint
ALTER TABLE "exposure" ADD COLUMN "insufficient_gaze" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "exposure" ADD COLUMN "dwell_censored" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "exposure" ADD COLUMN "viewable_censored" boolean DEFAULT false NOT NULL;