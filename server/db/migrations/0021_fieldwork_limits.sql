UPDATE "participant" AS p SET "status" = 'duplicate' WHERE p."status" = 'complete' AND p."is_test" = false AND p."panel_id" IS NOT NULL AND EXISTS (SELECT 1 FROM "participant" q WHERE q."study_id" = p."study_id" AND q."panel_id" = p."panel_id" AND q."reference" = p."reference" AND q."status" = 'complete' AND q."is_test" = false AND q."id" < p."id");
--> statement-breakpoint
DELETE FROM "report_aggregate_state" WHERE "study_id" IN (SELECT DISTINCT "study_id" FROM "participant" WHERE "status" = 'duplicate');
--> statement-breakpoint
CREATE UNIQUE INDEX "participant_complete_reference_uq" ON "participant" USING btree ("study_id","panel_id","reference") WHERE status = 'complete' and is_test = false and panel_id is not null;
--> statement-breakpoint
CREATE TABLE "take_start" (
	"id" serial PRIMARY KEY NOT NULL,
	"study_id" integer NOT NULL,
	"link" text NOT NULL,
	"address" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "take_start" ADD CONSTRAINT "take_start_study_id_study_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."study"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "take_start_key_idx" ON "take_start" USING btree ("study_id","link","address","started_at");
--> statement-breakpoint
CREATE INDEX "take_start_study_idx" ON "take_start" USING btree ("study_id","started_at");
