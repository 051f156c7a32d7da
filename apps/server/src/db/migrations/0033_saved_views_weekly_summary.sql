CREATE TABLE "saved_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"owner_user_id" uuid,
	"name" text NOT NULL,
	"kind" text DEFAULT 'list' NOT NULL,
	"filters" jsonb NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_views_name_length" CHECK (char_length("saved_views"."name") between 1 and 60),
	CONSTRAINT "saved_views_kind" CHECK ("saved_views"."kind" in ('list', 'board'))
);
--> statement-breakpoint
CREATE TABLE "weekly_summary_opt_outs" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"opted_out_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "weekly_summary_sends" (
	"organization_id" uuid NOT NULL,
	"week_start" text NOT NULL,
	"user_id" uuid NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_summary_opt_outs" ADD CONSTRAINT "weekly_summary_opt_outs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_summary_sends" ADD CONSTRAINT "weekly_summary_sends_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_summary_sends" ADD CONSTRAINT "weekly_summary_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_shared_name_unique" ON "saved_views" USING btree ("organization_id",lower("name")) WHERE "saved_views"."owner_user_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_personal_name_unique" ON "saved_views" USING btree ("owner_user_id",lower("name")) WHERE "saved_views"."owner_user_id" is not null;--> statement-breakpoint
CREATE INDEX "saved_views_organization_idx" ON "saved_views" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "weekly_summary_sends_unique" ON "weekly_summary_sends" USING btree ("organization_id","week_start","user_id");