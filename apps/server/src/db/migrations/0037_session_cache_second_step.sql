-- The session cache (domain/auth/session-cache.ts) now answers every authenticated route, so a
-- session's cached row must also be dropped when what the session itself proves changes: its
-- factors, the time of its last second step, and whether it is held to enrolment by its
-- organisation's two-step policy. The update trigger of migration 0016 listened to the session's
-- end, token and user only; it now listens to those three as well. last_seen_at updates stay silent.
DROP TRIGGER IF EXISTS "sessions_session_cache_update" ON "sessions";
--> statement-breakpoint
CREATE TRIGGER "sessions_session_cache_update"
	AFTER UPDATE OF "revoked_at", "user_id", "token_hash", "factors", "second_factor_at", "enrolment_required" ON "sessions"
	FOR EACH ROW WHEN (OLD."revoked_at" IS DISTINCT FROM NEW."revoked_at"
		OR OLD."user_id" IS DISTINCT FROM NEW."user_id" OR OLD."token_hash" IS DISTINCT FROM NEW."token_hash"
		OR OLD."factors" IS DISTINCT FROM NEW."factors" OR OLD."second_factor_at" IS DISTINCT FROM NEW."second_factor_at"
		OR OLD."enrolment_required" IS DISTINCT FROM NEW."enrolment_required")
	EXECUTE FUNCTION "medhire_session_cache_notify"();
