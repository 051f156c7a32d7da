CREATE TABLE "job_locations" (
	"job_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"state" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	CONSTRAINT "job_locations_job_id_position_pk" PRIMARY KEY("job_id","position")
);
--> statement-breakpoint
CREATE TABLE "physician_hidden_organizations" (
	"physician_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "physician_hidden_organizations_physician_id_organization_id_pk" PRIMARY KEY("physician_id","organization_id")
);
--> statement-breakpoint
CREATE TABLE "physician_licenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"physician_id" uuid NOT NULL,
	"state" text NOT NULL,
	"number" text NOT NULL,
	"expires_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_jobs" (
	"physician_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_jobs_physician_id_job_id_pk" PRIMARY KEY("physician_id","job_id")
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "physicians" ADD COLUMN "training" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "job_locations" ADD CONSTRAINT "job_locations_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "physician_hidden_organizations" ADD CONSTRAINT "physician_hidden_organizations_physician_id_physicians_id_fk" FOREIGN KEY ("physician_id") REFERENCES "public"."physicians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "physician_hidden_organizations" ADD CONSTRAINT "physician_hidden_organizations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "physician_licenses" ADD CONSTRAINT "physician_licenses_physician_id_physicians_id_fk" FOREIGN KEY ("physician_id") REFERENCES "public"."physicians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_jobs" ADD CONSTRAINT "saved_jobs_physician_id_physicians_id_fk" FOREIGN KEY ("physician_id") REFERENCES "public"."physicians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_jobs" ADD CONSTRAINT "saved_jobs_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_locations_latitude_longitude_idx" ON "job_locations" USING btree ("latitude","longitude","job_id");--> statement-breakpoint
CREATE INDEX "job_locations_state_idx" ON "job_locations" USING btree ("state","job_id");--> statement-breakpoint
CREATE INDEX "physician_hidden_organizations_organization_idx" ON "physician_hidden_organizations" USING btree ("organization_id","physician_id");--> statement-breakpoint
CREATE UNIQUE INDEX "physician_licenses_unique" ON "physician_licenses" USING btree ("physician_id","state","number");--> statement-breakpoint
CREATE INDEX "saved_jobs_physician_created_idx" ON "saved_jobs" USING btree ("physician_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "jobs_open_created_idx" ON "jobs" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "jobs"."status" = 'open';