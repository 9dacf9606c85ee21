CREATE TABLE "take_reservation" (
	"id" serial PRIMARY KEY NOT NULL,
	"study_id" integer NOT NULL,
	"cell_id" integer NOT NULL,
	"session_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "take_reservation" ADD CONSTRAINT "take_reservation_study_id_study_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."study"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "take_reservation" ADD CONSTRAINT "take_reservation_cell_id_cell_id_fk" FOREIGN KEY ("cell_id") REFERENCES "public"."cell"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "take_reservation_session_uq" ON "take_reservation" USING btree ("study_id","session_id");--> statement-breakpoint
CREATE INDEX "take_reservation_study_idx" ON "take_reservation" USING btree ("study_id","expires_at");