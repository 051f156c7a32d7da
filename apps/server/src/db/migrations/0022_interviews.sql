CREATE TYPE "public"."interview_no_show_party" AS ENUM('physician', 'interviewer');--> statement-breakpoint
CREATE TYPE "public"."interview_participant_role" AS ENUM('interviewer', 'physician');--> statement-breakpoint
CREATE TYPE "public"."interview_status" AS ENUM('proposed', 'other_times_requested', 'scheduled', 'completed', 'no_show', 'declined', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."interview_type" AS ENUM('video', 'phone', 'onsite');--> statement-breakpoint
CREATE TABLE "interview_participants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"interview_id" uuid NOT NULL,
	"participant_user_id" uuid NOT NULL,
	"role" "interview_participant_role" NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"is_active" boolean DEFAULT false NOT NULL,
	CONSTRAINT "interview_participants_active_time_check" CHECK (not "interview_participants"."is_active" or ("interview_participants"."starts_at" is not null and "interview_participants"."ends_at" > "interview_participants"."starts_at"))
);
--> statement-breakpoint
CREATE TABLE "interview_proposed_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"interview_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "interviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"physician_id" uuid NOT NULL,
	"type" "interview_type" NOT NULL,
	"status" "interview_status" NOT NULL,
	"meeting_url" text,
	"location" text,
	"notes" text,
	"travel_notes" text,
	"duration_minutes" integer NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"time_zone" text NOT NULL,
	"ics_sequence" integer DEFAULT 0 NOT NULL,
	"cancel_reason" text,
	"physician_message" text,
	"no_show_party" "interview_no_show_party",
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "interviews_time_check" CHECK (("interviews"."starts_at" is null) = ("interviews"."ends_at" is null) and ("interviews"."ends_at" is null or "interviews"."ends_at" > "interviews"."starts_at")),
	CONSTRAINT "interviews_duration_check" CHECK ("interviews"."duration_minutes" between 5 and 720)
);
--> statement-breakpoint
CREATE TABLE "member_availability" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"time_zone" text NOT NULL,
	"weekly_hours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"exceptions" text[] DEFAULT '{}'::text[] NOT NULL,
	"buffer_before_minutes" integer DEFAULT 0 NOT NULL,
	"buffer_after_minutes" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_availability_buffers_check" CHECK ("member_availability"."buffer_before_minutes" between 0 and 120 and "member_availability"."buffer_after_minutes" between 0 and 120)
);
--> statement-breakpoint
ALTER TABLE "interview_participants" ADD CONSTRAINT "interview_participants_interview_id_interviews_id_fk" FOREIGN KEY ("interview_id") REFERENCES "public"."interviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_participants" ADD CONSTRAINT "interview_participants_participant_user_id_users_id_fk" FOREIGN KEY ("participant_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_proposed_slots" ADD CONSTRAINT "interview_proposed_slots_interview_id_interviews_id_fk" FOREIGN KEY ("interview_id") REFERENCES "public"."interviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_physician_id_physicians_id_fk" FOREIGN KEY ("physician_id") REFERENCES "public"."physicians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_availability" ADD CONSTRAINT "member_availability_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_availability" ADD CONSTRAINT "member_availability_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "interview_participants_unique" ON "interview_participants" USING btree ("interview_id","participant_user_id");--> statement-breakpoint
CREATE INDEX "interview_participants_user_idx" ON "interview_participants" USING btree ("participant_user_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "interview_proposed_slots_unique" ON "interview_proposed_slots" USING btree ("interview_id","starts_at");--> statement-breakpoint
CREATE INDEX "interviews_organization_starts_idx" ON "interviews" USING btree ("organization_id","starts_at");--> statement-breakpoint
CREATE INDEX "interviews_application_idx" ON "interviews" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "interviews_physician_idx" ON "interviews" USING btree ("physician_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "member_availability_organization_idx" ON "member_availability" USING btree ("organization_id");--> statement-breakpoint
-- No double booking, enforced by the database: two active participant rows of the same person
-- (an interviewer's user, or the physician's) never overlap. The range is half-open, so one
-- interview may end at 10:00 and the next start at 10:00. Inactive rows (a proposed interview not
-- yet picked, a cancelled or declined one) are outside the constraint, so cancelling frees the
-- time. The `=` on a uuid inside a GiST index needs btree_gist (a contrib extension shipped with
-- PostgreSQL). Violations are SQLSTATE 23P01; domain/interviews maps them to a 409 naming who is busy.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "interview_participants" ADD CONSTRAINT "interview_participants_no_overlap"
  EXCLUDE USING gist ("participant_user_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&)
  WHERE ("is_active");
