ALTER TABLE "study" ADD COLUMN "consent_required" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "participant" ADD COLUMN "consent_version" integer;--> statement-breakpoint
ALTER TABLE "participant" ADD COLUMN "consented_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "study_consent_text" (
	"id" serial PRIMARY KEY NOT NULL,
	"study_id" integer NOT NULL,
	"version" integer NOT NULL,
	"text" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "study_consent_text" ADD CONSTRAINT "study_consent_text_study_id_study_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."study"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_consent_text" ADD CONSTRAINT "study_consent_text_created_by_app_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "study_consent_text_version_uq" ON "study_consent_text" USING btree ("study_id","version");--> statement-breakpoint
CREATE TABLE "consent_refusal" (
	"study_id" integer NOT NULL,
	"cell_id" integer NOT NULL,
	"refusals" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "consent_refusal_study_id_cell_id_pk" PRIMARY KEY("study_id","cell_id")
);--> statement-breakpoint
ALTER TABLE "consent_refusal" ADD CONSTRAINT "consent_refusal_study_id_study_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."study"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_refusal" ADD CONSTRAINT "consent_refusal_cell_id_cell_id_fk" FOREIGN KEY ("cell_id") REFERENCES "public"."cell"("id") ON DELETE cascade ON UPDATE no action;
