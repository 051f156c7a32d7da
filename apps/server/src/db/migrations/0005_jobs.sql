CREATE TYPE "public"."job_status" AS ENUM('draft', 'open', 'closed');--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"created_by_user_id" uuid,
	"status" "job_status" DEFAULT 'open' NOT NULL,
	"title" text NOT NULL,
	"specialty_id" text NOT NULL,
	"sub_specialty_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"employment_type" text NOT NULL,
	"reason_for_job_opp" text,
	"salary_min" integer,
	"salary_max" integer,
	"sign_on_bonus" integer,
	"productive_bonus" integer,
	"stipend_training" integer,
	"loan_repayment_assistance" integer,
	"vacation_weeks" integer,
	"call_schedule" text,
	"required_travel" boolean,
	"additional_context" text,
	"half_days_per_week" jsonb,
	"advanced_tech" boolean,
	"electronic_med_record" text,
	"scribe_support" boolean,
	"support_benefit_perks" text[] DEFAULT '{}'::text[] NOT NULL,
	"partnership_offered" boolean,
	"partnership_answers" text[] DEFAULT '{}'::text[] NOT NULL,
	"academic_research_opportunity" boolean,
	"mentorship" boolean,
	"speaker_ship" boolean,
	"global_missions" boolean,
	"locations" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_specialty_id_specialties_id_fk" FOREIGN KEY ("specialty_id") REFERENCES "public"."specialties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_organization_created_idx" ON "jobs" USING btree ("organization_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "jobs_specialty_status_idx" ON "jobs" USING btree ("specialty_id","status");