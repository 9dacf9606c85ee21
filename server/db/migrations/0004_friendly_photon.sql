CREATE TABLE "download_record" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"study_id" integer,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'done' NOT NULL,
	"size_bytes" integer,
	"progress" integer DEFAULT 100 NOT NULL,
	"storage_key" text,
	"job_id" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "embed_token" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"created_by" integer NOT NULL,
	"study_id" integer NOT NULL,
	"report_panel_id" integer,
	"report_kind" text,
	"stim_ids" jsonb,
	"origins" jsonb,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "embed_token_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "download_record" ADD CONSTRAINT "download_record_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download_record" ADD CONSTRAINT "download_record_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download_record" ADD CONSTRAINT "download_record_study_id_study_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."study"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embed_token" ADD CONSTRAINT "embed_token_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embed_token" ADD CONSTRAINT "embed_token_created_by_app_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embed_token" ADD CONSTRAINT "embed_token_study_id_study_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."study"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embed_token" ADD CONSTRAINT "embed_token_report_panel_id_report_panel_id_fk" FOREIGN KEY ("report_panel_id") REFERENCES "public"."report_panel"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "download_record_user_idx" ON "download_record" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "embed_token_panel_idx" ON "embed_token" USING btree ("report_panel_id");