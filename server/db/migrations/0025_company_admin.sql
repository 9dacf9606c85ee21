ALTER TABLE "app_user" ADD COLUMN "company_admin" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- Whoever already added an allowed origin of their company kept managing them: they become its
-- administrators, so an upgrade takes no working set-up away from its company.
UPDATE "app_user" SET "company_admin" = true WHERE "id" IN (SELECT "created_by" FROM "company_origin" WHERE "created_by" IS NOT NULL);
