CREATE TABLE "cache_page_fetch" (
	"cache_page_id" integer PRIMARY KEY NOT NULL,
	"job_id" integer,
	"final_url" text,
	"bytes" integer,
	"failure_reason" text,
	"fetched_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cell_duplicate_counter" (
	"study_id" integer PRIMARY KEY NOT NULL,
	"last_n" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cache_page_fetch" ADD CONSTRAINT "cache_page_fetch_cache_page_id_cache_page_id_fk" FOREIGN KEY ("cache_page_id") REFERENCES "public"."cache_page"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cell_duplicate_counter" ADD CONSTRAINT "cell_duplicate_counter_study_id_study_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."study"("id") ON DELETE cascade ON UPDATE no action;