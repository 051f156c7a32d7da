CREATE TABLE "physician_places" (
	"physician_id" uuid NOT NULL,
	"specialty_id" text NOT NULL,
	"kind" text NOT NULL,
	"location" "point" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "physician_places" ADD CONSTRAINT "physician_places_physician_id_physicians_id_fk" FOREIGN KEY ("physician_id") REFERENCES "public"."physicians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "physician_places_physician_idx" ON "physician_places" USING btree ("physician_id");