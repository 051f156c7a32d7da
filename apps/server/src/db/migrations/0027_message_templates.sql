CREATE TABLE "message_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"owner_user_id" uuid,
	"name" text NOT NULL,
	"body" text NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_templates_body_length" CHECK (char_length("message_templates"."body") between 1 and 5000),
	CONSTRAINT "message_templates_name_length" CHECK (char_length("message_templates"."name") between 1 and 80)
);
--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_templates_shared_name_unique" ON "message_templates" USING btree ("organization_id",lower("name")) WHERE "message_templates"."owner_user_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "message_templates_personal_name_unique" ON "message_templates" USING btree ("owner_user_id",lower("name")) WHERE "message_templates"."owner_user_id" is not null;--> statement-breakpoint
CREATE INDEX "message_templates_organization_idx" ON "message_templates" USING btree ("organization_id");