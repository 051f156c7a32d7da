CREATE TYPE "public"."user_role" AS ENUM('employer', 'physician');--> statement-breakpoint
CREATE TYPE "public"."application_source" AS ENUM('application', 'match');--> statement-breakpoint
CREATE TYPE "public"."match_status" AS ENUM('pending', 'accepted', 'declined', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."message_sender" AS ENUM('employer', 'employee');--> statement-breakpoint
CREATE TYPE "public"."notification_type" AS ENUM('EMPLOYEE_REGISTERED', 'APPLY_ON_JOB', 'INVITE_ACCEPTED', 'INVITE_REJECTED', 'SEND_MSG_TO_EMPLOYER');--> statement-breakpoint
CREATE TYPE "public"."pipeline_actor" AS ENUM('physician', 'employer');--> statement-breakpoint
CREATE TYPE "public"."pipeline_status" AS ENUM('Shortlisted', 'Submitted', 'Rejected', 'Interview', 'Offer', 'Hired');--> statement-breakpoint
CREATE TABLE "application_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"from_status" "pipeline_status",
	"to_status" "pipeline_status" NOT NULL,
	"actor" "pipeline_actor" NOT NULL,
	"changed_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"physician_id" uuid NOT NULL,
	"source" "application_source" DEFAULT 'application' NOT NULL,
	"pipeline_status" "pipeline_status" DEFAULT 'Submitted' NOT NULL,
	"cover_letter" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"physician_id" uuid NOT NULL,
	"job_id" uuid,
	"match_id" uuid,
	"employer_unread" integer DEFAULT 0 NOT NULL,
	"physician_unread" integer DEFAULT 0 NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"last_message_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "matches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"physician_id" uuid NOT NULL,
	"status" "match_status" DEFAULT 'pending' NOT NULL,
	"message" text,
	"invited_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"sender" "message_sender" NOT NULL,
	"sender_user_id" uuid,
	"body" text NOT NULL,
	"temp_msg_id" text,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" "notification_type" NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_applicants" (
	"organization_id" uuid NOT NULL,
	"physician_id" uuid NOT NULL,
	"saved_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_applicants_organization_id_physician_id_pk" PRIMARY KEY("organization_id","physician_id")
);
--> statement-breakpoint
CREATE TABLE "physicians" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"photo" text,
	"npi_number" text,
	"specialty_id" text,
	"sub_specialty_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"board_status" text,
	"years_of_experience" integer,
	"year_available" integer,
	"home_description" text,
	"home_state" text,
	"home_latitude" double precision,
	"home_longitude" double precision,
	"states_of_interest" text[] DEFAULT '{}'::text[] NOT NULL,
	"cities_of_interest" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"employment_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"needs_visa" boolean DEFAULT false NOT NULL,
	"is_discoverable" boolean DEFAULT true NOT NULL,
	"cv_url" text,
	"match_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"search_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" "user_role" DEFAULT 'employer' NOT NULL;--> statement-breakpoint
ALTER TABLE "application_events" ADD CONSTRAINT "application_events_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_events" ADD CONSTRAINT "application_events_changed_by_user_id_users_id_fk" FOREIGN KEY ("changed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_physician_id_physicians_id_fk" FOREIGN KEY ("physician_id") REFERENCES "public"."physicians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_physician_id_physicians_id_fk" FOREIGN KEY ("physician_id") REFERENCES "public"."physicians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_physician_id_physicians_id_fk" FOREIGN KEY ("physician_id") REFERENCES "public"."physicians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_applicants" ADD CONSTRAINT "saved_applicants_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_applicants" ADD CONSTRAINT "saved_applicants_physician_id_physicians_id_fk" FOREIGN KEY ("physician_id") REFERENCES "public"."physicians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_applicants" ADD CONSTRAINT "saved_applicants_saved_by_user_id_users_id_fk" FOREIGN KEY ("saved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "physicians" ADD CONSTRAINT "physicians_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "physicians" ADD CONSTRAINT "physicians_specialty_id_specialties_id_fk" FOREIGN KEY ("specialty_id") REFERENCES "public"."specialties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_events_application_idx" ON "application_events" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_job_physician_unique" ON "applications" USING btree ("job_id","physician_id");--> statement-breakpoint
CREATE INDEX "applications_organization_created_idx" ON "applications" USING btree ("organization_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "applications_physician_idx" ON "applications" USING btree ("physician_id");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_match_unique" ON "conversations" USING btree ("match_id");--> statement-breakpoint
CREATE INDEX "conversations_organization_idx" ON "conversations" USING btree ("organization_id","last_message_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "conversations_physician_idx" ON "conversations" USING btree ("physician_id");--> statement-breakpoint
CREATE UNIQUE INDEX "matches_active_unique" ON "matches" USING btree ("job_id","physician_id") WHERE "matches"."status" in ('pending', 'accepted');--> statement-breakpoint
CREATE INDEX "matches_organization_created_idx" ON "matches" USING btree ("organization_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "matches_job_created_idx" ON "matches" USING btree ("job_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "matches_physician_idx" ON "matches" USING btree ("physician_id");--> statement-breakpoint
CREATE INDEX "messages_conversation_created_idx" ON "messages" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_temp_id_unique" ON "messages" USING btree ("conversation_id","sender","temp_msg_id");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "saved_applicants_organization_created_idx" ON "saved_applicants" USING btree ("organization_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "physicians_user_id_unique" ON "physicians" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "physicians_match_keys_idx" ON "physicians" USING gin ("match_keys");--> statement-breakpoint
CREATE INDEX "physicians_specialty_created_idx" ON "physicians" USING btree ("specialty_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "physicians_home_state_idx" ON "physicians" USING btree ("home_state");