ALTER TABLE "organizations" ADD COLUMN "locations_details" jsonb;--> statement-breakpoint
CREATE INDEX "organizations_npi_number_idx" ON "organizations" USING btree ("npi_number");