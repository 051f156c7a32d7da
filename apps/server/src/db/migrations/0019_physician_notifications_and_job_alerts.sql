CREATE TYPE "public"."job_alert_frequency" AS ENUM('instant', 'daily');--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'JOB_INVITE';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'EMPLOYER_MESSAGE';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'APPLICATION_STATUS';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'JOB_ALERT';--> statement-breakpoint
CREATE TABLE "job_alert_matches" (
	"alert_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"digested_at" timestamp with time zone,
	CONSTRAINT "job_alert_matches_alert_id_job_id_pk" PRIMARY KEY("alert_id","job_id")
);
--> statement-breakpoint
CREATE TABLE "job_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"physician_id" uuid NOT NULL,
	"name" text NOT NULL,
	"criteria" jsonb NOT NULL,
	"specialty_id" text,
	"state" text,
	"latitude" double precision,
	"longitude" double precision,
	"radius_miles" integer,
	"employment_type" text,
	"min_salary" integer,
	"is_push" boolean DEFAULT true NOT NULL,
	"is_email" boolean DEFAULT true NOT NULL,
	"frequency" "job_alert_frequency" DEFAULT 'instant' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_alert_matches" ADD CONSTRAINT "job_alert_matches_alert_id_job_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."job_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_alert_matches" ADD CONSTRAINT "job_alert_matches_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_alerts" ADD CONSTRAINT "job_alerts_physician_id_physicians_id_fk" FOREIGN KEY ("physician_id") REFERENCES "public"."physicians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_alert_matches_undigested_idx" ON "job_alert_matches" USING btree ("created_at") WHERE "job_alert_matches"."digested_at" is null;--> statement-breakpoint
CREATE INDEX "job_alerts_physician_idx" ON "job_alerts" USING btree ("physician_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "job_alerts_specialty_idx" ON "job_alerts" USING btree ("specialty_id");