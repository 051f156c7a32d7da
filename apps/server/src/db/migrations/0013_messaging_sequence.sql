-- Messages are numbered per conversation (1, 2, 3… without gaps), so a client can resume from
-- the last number it has; conversations.last_seq is the counter raised with every insert.
CREATE TABLE "conversation_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"physician_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"message_id" uuid,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "last_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "seq" integer;--> statement-breakpoint
-- Existing messages take their numbers in the order they were written.
UPDATE "messages" SET "seq" = "numbered"."seq"
FROM (
	SELECT "id", row_number() OVER (PARTITION BY "conversation_id" ORDER BY "created_at", "id") AS "seq"
	FROM "messages"
) AS "numbered"
WHERE "messages"."id" = "numbered"."id";--> statement-breakpoint
UPDATE "conversations" SET "last_seq" = "counted"."last_seq"
FROM (SELECT "conversation_id", max("seq") AS "last_seq" FROM "messages" GROUP BY "conversation_id") AS "counted"
WHERE "conversations"."id" = "counted"."conversation_id";--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "seq" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_changes" ADD CONSTRAINT "conversation_changes_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_changes" ADD CONSTRAINT "conversation_changes_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_changes_organization_idx" ON "conversation_changes" USING btree ("organization_id","id");--> statement-breakpoint
CREATE INDEX "conversation_changes_physician_idx" ON "conversation_changes" USING btree ("physician_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_conversation_seq_unique" ON "messages" USING btree ("conversation_id","seq");
