-- On-site visits: an on-site interview with an itinerary of sessions. Each session's participant
-- rows (session_id set) hold its time for the physician and the session's interviewers under the
-- existing exclusion constraint interview_participants_no_overlap, so a person is never booked
-- twice; the interview-wide rows (session_id null) of a visit hold no time. One row per interview,
-- session and person: NULLS NOT DISTINCT keeps the interview-wide row unique too (PostgreSQL 15+).
-- A visit's duration_minutes is its session minutes added up, up to two local days (2940 with a
-- DST hour), so the duration check widens.
CREATE TABLE "interview_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"interview_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"location" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "interview_sessions_time_check" CHECK ("interview_sessions"."ends_at" > "interview_sessions"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "interviews" DROP CONSTRAINT "interviews_duration_check";--> statement-breakpoint
DROP INDEX "interview_participants_unique";--> statement-breakpoint
ALTER TABLE "interview_participants" ADD COLUMN "session_id" uuid;--> statement-breakpoint
ALTER TABLE "interview_sessions" ADD CONSTRAINT "interview_sessions_interview_id_interviews_id_fk" FOREIGN KEY ("interview_id") REFERENCES "public"."interviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "interview_sessions_interview_idx" ON "interview_sessions" USING btree ("interview_id","position");--> statement-breakpoint
ALTER TABLE "interview_participants" ADD CONSTRAINT "interview_participants_session_id_interview_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."interview_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_participants" ADD CONSTRAINT "interview_participants_unique" UNIQUE NULLS NOT DISTINCT("interview_id","session_id","participant_user_id");--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_duration_check" CHECK ("interviews"."duration_minutes" between 5 and 2940);