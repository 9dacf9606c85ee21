CREATE TABLE "social_ad" (
	"id" serial PRIMARY KEY NOT NULL,
	"study_id" integer NOT NULL,
	"stim_id" integer NOT NULL,
	"incontext_site_id" integer NOT NULL,
	"site_code" text NOT NULL,
	"platform" text NOT NULL,
	"ad_type" text NOT NULL,
	"is_new_social_system" boolean DEFAULT false NOT NULL,
	"promoted" boolean,
	"has_sound" boolean,
	"details" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "social_ad" ADD CONSTRAINT "social_ad_study_id_study_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."study"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_ad" ADD CONSTRAINT "social_ad_stim_id_stim_id_fk" FOREIGN KEY ("stim_id") REFERENCES "public"."stim"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "social_ad_study_idx" ON "social_ad" USING btree ("study_id");