CREATE TABLE "enum_values" (
	"kind" text NOT NULL,
	"id" text NOT NULL,
	"title" text NOT NULL,
	"sort_order" integer NOT NULL,
	"retired_at" timestamp with time zone,
	CONSTRAINT "enum_values_kind_id_pk" PRIMARY KEY("kind","id")
);
--> statement-breakpoint
CREATE TABLE "reference_data_versions" (
	"data_set" text PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"content_hash" text NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "specialties" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"board" text NOT NULL,
	"sort_order" integer NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sub_specialties" (
	"id" text PRIMARY KEY NOT NULL,
	"specialty_id" text NOT NULL,
	"title" text NOT NULL,
	"sort_order" integer NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sub_specialties" ADD CONSTRAINT "sub_specialties_specialty_id_specialties_id_fk" FOREIGN KEY ("specialty_id") REFERENCES "public"."specialties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sub_specialties_specialty_id_idx" ON "sub_specialties" USING btree ("specialty_id");