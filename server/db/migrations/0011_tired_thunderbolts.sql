ALTER TABLE "run_through" ADD COLUMN "results" jsonb;--> statement-breakpoint
ALTER TABLE "run_through" ADD COLUMN "finished_at" timestamp with time zone;