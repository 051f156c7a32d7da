CREATE TABLE "known_devices" (
	"user_id" uuid NOT NULL,
	"device_hash" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "known_devices_user_id_device_hash_pk" PRIMARY KEY("user_id","device_hash")
);
--> statement-breakpoint
ALTER TABLE "known_devices" ADD CONSTRAINT "known_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The devices already in use are known: only a device first seen after this release is "new".
INSERT INTO "known_devices" ("user_id", "device_hash", "first_seen_at")
SELECT "user_id", encode(sha256(convert_to(coalesce("user_agent", ''), 'UTF8')), 'hex'), min("created_at")
FROM "sessions"
GROUP BY 1, 2
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "known_devices" ("user_id", "device_hash", "first_seen_at")
SELECT "actor_user_id", encode(sha256(convert_to(coalesce("details"->>'userAgent', ''), 'UTF8')), 'hex'), min("created_at")
FROM "activity_log"
WHERE "type" = 'auth.new_device' AND "actor_user_id" IS NOT NULL
GROUP BY 1, 2
ON CONFLICT DO NOTHING;
