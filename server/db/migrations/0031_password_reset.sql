CREATE TABLE "password_reset" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "password_reset_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "password_reset" ADD CONSTRAINT "password_reset_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset" ADD CONSTRAINT "password_reset_created_by_app_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "password_reset_user_idx" ON "password_reset" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "notification_outbox" ALTER COLUMN "study_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "participant" ADD COLUMN "run_through_id" integer;--> statement-breakpoint
ALTER TABLE "participant" ADD CONSTRAINT "participant_run_through_id_run_through_id_fk" FOREIGN KEY ("run_through_id") REFERENCES "public"."run_through"("id") ON DELETE set null ON UPDATE no action;
