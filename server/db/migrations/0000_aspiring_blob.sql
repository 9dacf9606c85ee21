CREATE TABLE "ad_asset_type" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_type" (
	"id" serial PRIMARY KEY NOT NULL,
	"ad_type_group_id" integer NOT NULL,
	"ad_category_id" integer,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_type_group" (
	"id" serial PRIMARY KEY NOT NULL,
	"ad_asset_type_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_setting" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_user" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"location" text,
	"job_title" text,
	"phone_number" text,
	"email" text,
	"user_type_id" integer DEFAULT 1 NOT NULL,
	"super_user" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_user_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "auth_token" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "auth_token_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "brand" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"clean_name" text NOT NULL,
	"brand_category_id" integer NOT NULL,
	CONSTRAINT "brand_clean_name_unique" UNIQUE("clean_name")
);
--> statement-breakpoint
CREATE TABLE "brand_category" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"clean_name" text NOT NULL,
	CONSTRAINT "brand_category_clean_name_unique" UNIQUE("clean_name")
);
--> statement-breakpoint
CREATE TABLE "company" (
	"id" serial PRIMARY KEY NOT NULL,
	"internal_id" text NOT NULL,
	"name" text NOT NULL,
	"logo_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_internal_id_unique" UNIQUE("internal_id")
);
--> statement-breakpoint
CREATE TABLE "contact_message" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"email" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempt" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"ip" text NOT NULL,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lookup_item" (
	"kind" text NOT NULL,
	"id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "lookup_item_kind_id_pk" PRIMARY KEY("kind","id")
);
--> statement-breakpoint
CREATE TABLE "stored_file" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer DEFAULT 0 NOT NULL,
	"uploaded" boolean DEFAULT false NOT NULL,
	"meta" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_file_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "action_subscription" (
	"id" serial PRIMARY KEY NOT NULL,
	"action_id" integer NOT NULL,
	"study_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"email" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "answer_option" (
	"id" serial PRIMARY KEY NOT NULL,
	"question_id" integer NOT NULL,
	"text" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "aoi" (
	"id" serial PRIMARY KEY NOT NULL,
	"stim_id" integer NOT NULL,
	"tag" text NOT NULL,
	"shape" text DEFAULT 'rect' NOT NULL,
	"x" double precision DEFAULT 0 NOT NULL,
	"y" double precision DEFAULT 0 NOT NULL,
	"width" double precision DEFAULT 0 NOT NULL,
	"height" double precision DEFAULT 0 NOT NULL,
	"points" jsonb
);
--> statement-breakpoint
CREATE TABLE "batch" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"study_id" integer,
	"internal_id" text NOT NULL,
	"batch_label" text NOT NULL,
	"name" text,
	"estimated_batch_size" integer DEFAULT 0 NOT NULL,
	"live" boolean DEFAULT false NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"data_collection_start" timestamp with time zone,
	"data_collection_end" timestamp with time zone,
	"report_generated_date" timestamp with time zone,
	CONSTRAINT "batch_internal_id_unique" UNIQUE("internal_id")
);
--> statement-breakpoint
CREATE TABLE "batch_stim" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"stim_id" integer NOT NULL,
	"step_id" integer,
	"identifier" text NOT NULL,
	"url" text,
	"external_source" text,
	"discovered_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cache_page" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"original_source" text NOT NULL,
	"cached_source" text,
	"status" text DEFAULT 'ordered' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cell" (
	"id" serial PRIMARY KEY NOT NULL,
	"study_id" integer NOT NULL,
	"name" text NOT NULL,
	"short_name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "external_page" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"member_insert" text
);
--> statement-breakpoint
CREATE TABLE "instruction" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"name" text NOT NULL,
	"text" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "panel" (
	"id" serial PRIMARY KEY NOT NULL,
	"study_id" integer NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"success_redirect_url" text DEFAULT '' NOT NULL,
	"screenout_redirect_url" text DEFAULT '' NOT NULL,
	"quota_full_redirect_url" text DEFAULT '' NOT NULL,
	"participant_insert_parameter" text DEFAULT '' NOT NULL,
	"panel_type" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question" (
	"id" serial PRIMARY KEY NOT NULL,
	"question_group_id" integer NOT NULL,
	"name" text NOT NULL,
	"short_name" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"formatted_type" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_group" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"name" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"question_system" text DEFAULT 'lu' NOT NULL,
	"is_preassign" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_panel" (
	"id" serial PRIMARY KEY NOT NULL,
	"report_row_id" integer NOT NULL,
	"name" text NOT NULL,
	"target" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_row" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"study_id" integer,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "run_through" (
	"id" serial PRIMARY KEY NOT NULL,
	"study_id" integer NOT NULL,
	"requested_by" integer NOT NULL,
	"is_test" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"result" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "step" (
	"id" serial PRIMARY KEY NOT NULL,
	"study_id" integer NOT NULL,
	"cell_id" integer NOT NULL,
	"position" integer NOT NULL,
	"step_type" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"instruction_id" integer,
	"cache_page_id" integer,
	"stim_id" integer,
	"external_page_id" integer,
	"question_group_id" integer,
	"command_id" integer,
	"seconds_before_show_next" double precision DEFAULT 0 NOT NULL,
	"seconds_before_move_next" double precision DEFAULT 0 NOT NULL,
	"next_type_id" integer
);
--> statement-breakpoint
CREATE TABLE "step_stim" (
	"id" serial PRIMARY KEY NOT NULL,
	"step_id" integer NOT NULL,
	"stim_id" integer NOT NULL,
	"x" integer DEFAULT 0 NOT NULL,
	"y" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stim" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"study_id" integer,
	"brand_id" integer,
	"name" text NOT NULL,
	"stim_type" text NOT NULL,
	"ad_asset_type_id" integer,
	"ad_type_group_id" integer,
	"ad_type_id" integer,
	"media_id" integer,
	"source" text,
	"low_quality_source" text,
	"file_name" text,
	"tag" text,
	"width" integer,
	"height" integer,
	"duration_ms" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "study" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"study_type_id" integer,
	"media_id" integer,
	"environment_id" integer,
	"language_id" integer,
	"location_id" integer,
	"phase_id" integer DEFAULT 1 NOT NULL,
	"live" boolean DEFAULT false NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"allow_step_editing" boolean DEFAULT true NOT NULL,
	"participants_requested" integer DEFAULT 0 NOT NULL,
	"data_collection_start" timestamp with time zone,
	"data_collection_end" timestamp with time zone,
	"brief" text,
	"notes" text,
	"objective" text,
	"methodology" text,
	"study_duration" text,
	"decision_to_inform" text,
	"incentive" text,
	"proposal_signoff_date" timestamp with time zone,
	"proposed_data_collection_start" timestamp with time zone,
	"proposed_data_collection_end" timestamp with time zone,
	"debrief_date" timestamp with time zone,
	"pre_assign_question_group_id" integer,
	"demographic_survey_url" text,
	"demographic_survey_insert_parameter" text,
	"min_connection_speed" double precision,
	"min_calibration_frame_rate" double precision,
	"max_accuracy" double precision,
	"max_precision" double precision,
	"max_gaze_duration" double precision,
	"max_dwell_ms" double precision,
	"min_dwell_ms" double precision,
	"collection_key_hash" text,
	"form_values" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "study_action" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "study_file" (
	"id" serial PRIMARY KEY NOT NULL,
	"study_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"storage_key" text,
	"url" text
);
--> statement-breakpoint
CREATE TABLE "vendor" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"internal_id" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "vendor_internal_id_unique" UNIQUE("internal_id")
);
--> statement-breakpoint
CREATE TABLE "analysis_config" (
	"id" serial PRIMARY KEY NOT NULL,
	"algorithm" text NOT NULL,
	"params" jsonb NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exposure" (
	"id" serial PRIMARY KEY NOT NULL,
	"study_id" integer NOT NULL,
	"participant_id" integer NOT NULL,
	"cell_id" integer,
	"step_id" integer NOT NULL,
	"stim_id" integer NOT NULL,
	"stim_x" double precision DEFAULT 0 NOT NULL,
	"stim_y" double precision DEFAULT 0 NOT NULL,
	"stim_width" double precision NOT NULL,
	"stim_height" double precision NOT NULL,
	"page_dwell_ms" double precision NOT NULL,
	"viewability_intervals" jsonb NOT NULL,
	"eyetracked" boolean DEFAULT false NOT NULL,
	"viewable" boolean DEFAULT false NOT NULL,
	"viewable_ms" double precision DEFAULT 0 NOT NULL,
	"first_viewable_ms" double precision,
	"viewed" boolean DEFAULT false NOT NULL,
	"dwell_ms" double precision DEFAULT 0 NOT NULL,
	"time_to_first_view_ms" double precision,
	"fixation_count" integer DEFAULT 0 NOT NULL,
	"analysis_config_id" integer
);
--> statement-breakpoint
CREATE TABLE "exposure_aoi" (
	"id" serial PRIMARY KEY NOT NULL,
	"study_id" integer NOT NULL,
	"exposure_id" integer NOT NULL,
	"aoi_id" integer NOT NULL,
	"dwell_ms" double precision NOT NULL,
	"first_fixation_ms" double precision,
	"fixation_count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exposure_gaze" (
	"exposure_id" integer PRIMARY KEY NOT NULL,
	"study_id" integer NOT NULL,
	"sample_count" integer NOT NULL,
	"samples" "bytea" NOT NULL,
	"fixations" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "participant" (
	"id" serial PRIMARY KEY NOT NULL,
	"study_id" integer NOT NULL,
	"cell_id" integer,
	"panel_id" integer,
	"reference" text NOT NULL,
	"session_id" text NOT NULL,
	"age_group_id" integer,
	"family_group_id" integer,
	"earnings_group_id" integer,
	"gender_group_id" integer,
	"socialgrade_group_id" integer,
	"ethnicity_group_id" integer,
	"has_eyetracking" boolean DEFAULT false NOT NULL,
	"calibration_accuracy_px" double precision,
	"calibration_precision_px" double precision,
	"frame_rate" double precision,
	"connection_speed_kbps" double precision,
	"status" text DEFAULT 'complete' NOT NULL,
	"is_test" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "participant_answer" (
	"id" serial PRIMARY KEY NOT NULL,
	"study_id" integer NOT NULL,
	"participant_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"answer_option_id" integer,
	"text" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ad_type" ADD CONSTRAINT "ad_type_ad_type_group_id_ad_type_group_id_fk" FOREIGN KEY ("ad_type_group_id") REFERENCES "public"."ad_type_group"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_type_group" ADD CONSTRAINT "ad_type_group_ad_asset_type_id_ad_asset_type_id_fk" FOREIGN KEY ("ad_asset_type_id") REFERENCES "public"."ad_asset_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_user" ADD CONSTRAINT "app_user_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_token" ADD CONSTRAINT "auth_token_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand" ADD CONSTRAINT "brand_brand_category_id_brand_category_id_fk" FOREIGN KEY ("brand_category_id") REFERENCES "public"."brand_category"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_message" ADD CONSTRAINT "contact_message_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_message" ADD CONSTRAINT "contact_message_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_feedback" ADD CONSTRAINT "dashboard_feedback_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_feedback" ADD CONSTRAINT "dashboard_feedback_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_file" ADD CONSTRAINT "stored_file_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_subscription" ADD CONSTRAINT "action_subscription_action_id_study_action_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."study_action"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_subscription" ADD CONSTRAINT "action_subscription_study_id_study_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."study"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_subscription" ADD CONSTRAINT "action_subscription_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_option" ADD CONSTRAINT "answer_option_question_id_question_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."question"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aoi" ADD CONSTRAINT "aoi_stim_id_stim_id_fk" FOREIGN KEY ("stim_id") REFERENCES "public"."stim"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch" ADD CONSTRAINT "batch_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch" ADD CONSTRAINT "batch_vendor_id_vendor_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendor"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch" ADD CONSTRAINT "batch_study_id_study_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."study"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_stim" ADD CONSTRAINT "batch_stim_batch_id_batch_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batch"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_stim" ADD CONSTRAINT "batch_stim_stim_id_stim_id_fk" FOREIGN KEY ("stim_id") REFERENCES "public"."stim"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_stim" ADD CONSTRAINT "batch_stim_step_id_step_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."step"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cache_page" ADD CONSTRAINT "cache_page_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cell" ADD CONSTRAINT "cell_study_id_study_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."study"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_page" ADD CONSTRAINT "external_page_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instruction" ADD CONSTRAINT "instruction_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "panel" ADD CONSTRAINT "panel_study_id_study_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."study"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question" ADD CONSTRAINT "question_question_group_id_question_group_id_fk" FOREIGN KEY ("question_group_id") REFERENCES "public"."question_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_group" ADD CONSTRAINT "question_group_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_panel" ADD CONSTRAINT "report_panel_report_row_id_report_row_id_fk" FOREIGN KEY ("report_row_id") REFERENCES "public"."report_row"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_row" ADD CONSTRAINT "report_row_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_row" ADD CONSTRAINT "report_row_study_id_study_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."study"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_through" ADD CONSTRAINT "run_through_study_id_study_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."study"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_through" ADD CONSTRAINT "run_through_requested_by_app_user_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step" ADD CONSTRAINT "step_study_id_study_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."study"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step" ADD CONSTRAINT "step_cell_id_cell_id_fk" FOREIGN KEY ("cell_id") REFERENCES "public"."cell"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step" ADD CONSTRAINT "step_instruction_id_instruction_id_fk" FOREIGN KEY ("instruction_id") REFERENCES "public"."instruction"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step" ADD CONSTRAINT "step_cache_page_id_cache_page_id_fk" FOREIGN KEY ("cache_page_id") REFERENCES "public"."cache_page"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step" ADD CONSTRAINT "step_stim_id_stim_id_fk" FOREIGN KEY ("stim_id") REFERENCES "public"."stim"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step" ADD CONSTRAINT "step_external_page_id_external_page_id_fk" FOREIGN KEY ("external_page_id") REFERENCES "public"."external_page"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step" ADD CONSTRAINT "step_question_group_id_question_group_id_fk" FOREIGN KEY ("question_group_id") REFERENCES "public"."question_group"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step_stim" ADD CONSTRAINT "step_stim_step_id_step_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."step"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step_stim" ADD CONSTRAINT "step_stim_stim_id_stim_id_fk" FOREIGN KEY ("stim_id") REFERENCES "public"."stim"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stim" ADD CONSTRAINT "stim_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stim" ADD CONSTRAINT "stim_study_id_study_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."study"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stim" ADD CONSTRAINT "stim_brand_id_brand_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brand"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stim" ADD CONSTRAINT "stim_ad_asset_type_id_ad_asset_type_id_fk" FOREIGN KEY ("ad_asset_type_id") REFERENCES "public"."ad_asset_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stim" ADD CONSTRAINT "stim_ad_type_group_id_ad_type_group_id_fk" FOREIGN KEY ("ad_type_group_id") REFERENCES "public"."ad_type_group"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stim" ADD CONSTRAINT "stim_ad_type_id_ad_type_id_fk" FOREIGN KEY ("ad_type_id") REFERENCES "public"."ad_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study" ADD CONSTRAINT "study_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study" ADD CONSTRAINT "study_pre_assign_question_group_id_question_group_id_fk" FOREIGN KEY ("pre_assign_question_group_id") REFERENCES "public"."question_group"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_file" ADD CONSTRAINT "study_file_study_id_study_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."study"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor" ADD CONSTRAINT "vendor_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exposure" ADD CONSTRAINT "exposure_study_id_study_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."study"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exposure" ADD CONSTRAINT "exposure_participant_id_participant_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exposure" ADD CONSTRAINT "exposure_cell_id_cell_id_fk" FOREIGN KEY ("cell_id") REFERENCES "public"."cell"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exposure" ADD CONSTRAINT "exposure_step_id_step_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."step"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exposure" ADD CONSTRAINT "exposure_stim_id_stim_id_fk" FOREIGN KEY ("stim_id") REFERENCES "public"."stim"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exposure" ADD CONSTRAINT "exposure_analysis_config_id_analysis_config_id_fk" FOREIGN KEY ("analysis_config_id") REFERENCES "public"."analysis_config"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exposure_aoi" ADD CONSTRAINT "exposure_aoi_study_id_study_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."study"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exposure_aoi" ADD CONSTRAINT "exposure_aoi_exposure_id_exposure_id_fk" FOREIGN KEY ("exposure_id") REFERENCES "public"."exposure"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exposure_aoi" ADD CONSTRAINT "exposure_aoi_aoi_id_aoi_id_fk" FOREIGN KEY ("aoi_id") REFERENCES "public"."aoi"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exposure_gaze" ADD CONSTRAINT "exposure_gaze_exposure_id_exposure_id_fk" FOREIGN KEY ("exposure_id") REFERENCES "public"."exposure"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exposure_gaze" ADD CONSTRAINT "exposure_gaze_study_id_study_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."study"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participant" ADD CONSTRAINT "participant_study_id_study_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."study"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participant" ADD CONSTRAINT "participant_cell_id_cell_id_fk" FOREIGN KEY ("cell_id") REFERENCES "public"."cell"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participant" ADD CONSTRAINT "participant_panel_id_panel_id_fk" FOREIGN KEY ("panel_id") REFERENCES "public"."panel"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participant_answer" ADD CONSTRAINT "participant_answer_study_id_study_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."study"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participant_answer" ADD CONSTRAINT "participant_answer_participant_id_participant_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participant_answer" ADD CONSTRAINT "participant_answer_question_id_question_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."question"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participant_answer" ADD CONSTRAINT "participant_answer_answer_option_id_answer_option_id_fk" FOREIGN KEY ("answer_option_id") REFERENCES "public"."answer_option"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_user_company_idx" ON "app_user" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "login_attempt_user_idx" ON "login_attempt" USING btree ("username","attempted_at");--> statement-breakpoint
CREATE INDEX "login_attempt_ip_idx" ON "login_attempt" USING btree ("ip","attempted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lookup_item_kind_code_uq" ON "lookup_item" USING btree ("kind","code");--> statement-breakpoint
CREATE UNIQUE INDEX "action_subscription_uq" ON "action_subscription" USING btree ("action_id","study_id","user_id");--> statement-breakpoint
CREATE INDEX "aoi_stim_idx" ON "aoi" USING btree ("stim_id");--> statement-breakpoint
CREATE INDEX "batch_company_idx" ON "batch" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "cache_page_company_idx" ON "cache_page" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "cell_study_idx" ON "cell" USING btree ("study_id");--> statement-breakpoint
CREATE INDEX "external_page_company_idx" ON "external_page" USING btree ("company_id","kind");--> statement-breakpoint
CREATE INDEX "panel_study_idx" ON "panel" USING btree ("study_id");--> statement-breakpoint
CREATE INDEX "step_cell_idx" ON "step" USING btree ("cell_id","position");--> statement-breakpoint
CREATE INDEX "step_study_idx" ON "step" USING btree ("study_id");--> statement-breakpoint
CREATE UNIQUE INDEX "step_stim_uq" ON "step_stim" USING btree ("step_id","stim_id");--> statement-breakpoint
CREATE INDEX "stim_company_idx" ON "stim" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "stim_study_idx" ON "stim" USING btree ("study_id");--> statement-breakpoint
CREATE INDEX "study_company_idx" ON "study" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "analysis_config_active_uq" ON "analysis_config" USING btree ("active") WHERE active;--> statement-breakpoint
CREATE INDEX "exposure_study_stim_idx" ON "exposure" USING btree ("study_id","stim_id","step_id");--> statement-breakpoint
CREATE INDEX "exposure_participant_idx" ON "exposure" USING btree ("participant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exposure_aoi_uq" ON "exposure_aoi" USING btree ("exposure_id","aoi_id");--> statement-breakpoint
CREATE INDEX "exposure_aoi_study_idx" ON "exposure_aoi" USING btree ("study_id","aoi_id");--> statement-breakpoint
CREATE INDEX "exposure_gaze_study_idx" ON "exposure_gaze" USING btree ("study_id");--> statement-breakpoint
CREATE UNIQUE INDEX "participant_session_uq" ON "participant" USING btree ("study_id","session_id");--> statement-breakpoint
CREATE INDEX "participant_study_idx" ON "participant" USING btree ("study_id");--> statement-breakpoint
CREATE INDEX "participant_answer_q_idx" ON "participant_answer" USING btree ("study_id","question_id");