-- The notification list orders newest first with the id breaking ties (`order by created_at desc,
-- id desc`, which means NULLS FIRST): indexes in exactly that order let a page be read off the
-- index without sorting the user's whole history (bench/notifications.ts).
DROP INDEX "notifications_user_created_idx";--> statement-breakpoint
DROP INDEX "notifications_user_unread_created_idx";--> statement-breakpoint
CREATE INDEX "notifications_user_created_id_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_user_unread_created_idx" ON "notifications" USING btree ("user_id",("read_at" is null),"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);