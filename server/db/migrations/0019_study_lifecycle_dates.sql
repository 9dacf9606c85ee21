-- Issue 35: one definition of the fieldwork dates and flags that match the phase (docs/api.md "Study phases").
-- Analysis & Reporting is fieldwork closed but the study not yet completed (older demo data marked it completed).
UPDATE "study" SET "completed" = false, "live" = false, "paused" = false WHERE "phase_id" = 4;
--> statement-breakpoint
-- A completed study's actual end is its completion: the 'completed' timeline entry, else its last change.
UPDATE "study" s SET "data_collection_end" = coalesce(
  (SELECT max(e."at") FROM "study_event" e WHERE e."study_id" = s."id" AND e."kind" = 'completed'), s."updated_at")
WHERE s."completed" AND s."data_collection_end" IS NULL;
--> statement-breakpoint
-- The actual start is the first counted live session (ingestion now writes it; this fills in older studies).
UPDATE "study" s SET "data_collection_start" = (
  SELECT min(p."created_at") FROM "participant" p WHERE p."study_id" = s."id" AND p."is_test" = false AND p."status" = 'complete')
WHERE s."data_collection_start" IS NULL
  AND EXISTS (SELECT 1 FROM "participant" p WHERE p."study_id" = s."id" AND p."is_test" = false AND p."status" = 'complete');
--> statement-breakpoint
UPDATE "study" SET "paused" = false WHERE "paused" AND ("completed" OR NOT "live");
