-- Each server instance keeps the sessions it recently authenticated in memory
-- (domain/auth/session-cache.ts) and LISTENs on "medhire_session_cache". These triggers tell
-- every instance, at commit, whose cached sessions to drop: the payload is the user's id.
-- A session's end (revoked_at set, or the row deleted), any change to the user row (status,
-- role, e-mail, archive, removal) and a physician profile appearing or moving all change what
-- the session lookup answers. last_seen_at updates do not, and stay silent. A TRUNCATE, or a
-- statement touching more than 1,000 users (bulk imports, the bench data sets), sends '*':
-- forget everything. Inserts and deletes are told once per statement, from its transition tables.
CREATE OR REPLACE FUNCTION "medhire_session_cache_notify"() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
	v_user_ids uuid[];
	v_user_id uuid;
BEGIN
	IF TG_OP = 'TRUNCATE' THEN
		PERFORM pg_notify('medhire_session_cache', '*');
		RETURN NULL;
	END IF;
	IF TG_LEVEL = 'ROW' THEN
		-- An update of sessions or physicians: the trigger's WHEN lets only rows through that ended,
		-- changed their token or moved to another user; both users are told.
		v_user_ids := ARRAY[OLD."user_id", NEW."user_id"];
	ELSIF TG_TABLE_NAME = 'users' THEN
		SELECT array_agg("id") INTO v_user_ids FROM "old_rows";
	ELSIF TG_OP = 'INSERT' THEN
		SELECT array_agg(DISTINCT "user_id") INTO v_user_ids FROM "new_rows";
	ELSE
		SELECT array_agg(DISTINCT "user_id") INTO v_user_ids FROM "old_rows";
	END IF;
	IF coalesce(cardinality(v_user_ids), 0) > 1000 THEN
		PERFORM pg_notify('medhire_session_cache', '*');
		RETURN NULL;
	END IF;
	FOREACH v_user_id IN ARRAY coalesce(v_user_ids, '{}') LOOP
		-- pg_notify sends a payload once per transaction, however often it is repeated.
		PERFORM pg_notify('medhire_session_cache', v_user_id::text);
	END LOOP;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_session_cache_update" AFTER UPDATE OF "revoked_at", "user_id", "token_hash" ON "sessions"
	FOR EACH ROW WHEN (OLD."revoked_at" IS DISTINCT FROM NEW."revoked_at"
		OR OLD."user_id" IS DISTINCT FROM NEW."user_id" OR OLD."token_hash" IS DISTINCT FROM NEW."token_hash")
	EXECUTE FUNCTION "medhire_session_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "sessions_session_cache_delete" AFTER DELETE ON "sessions"
	REFERENCING OLD TABLE AS "old_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "medhire_session_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "sessions_session_cache_truncate" AFTER TRUNCATE ON "sessions"
	FOR EACH STATEMENT EXECUTE FUNCTION "medhire_session_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "users_session_cache_update" AFTER UPDATE ON "users"
	REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "medhire_session_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "users_session_cache_delete" AFTER DELETE ON "users"
	REFERENCING OLD TABLE AS "old_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "medhire_session_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "users_session_cache_truncate" AFTER TRUNCATE ON "users"
	FOR EACH STATEMENT EXECUTE FUNCTION "medhire_session_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "physicians_session_cache_insert" AFTER INSERT ON "physicians"
	REFERENCING NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "medhire_session_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "physicians_session_cache_update" AFTER UPDATE OF "user_id" ON "physicians"
	FOR EACH ROW WHEN (OLD."user_id" IS DISTINCT FROM NEW."user_id")
	EXECUTE FUNCTION "medhire_session_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "physicians_session_cache_delete" AFTER DELETE ON "physicians"
	REFERENCING OLD TABLE AS "old_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "medhire_session_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "physicians_session_cache_truncate" AFTER TRUNCATE ON "physicians"
	FOR EACH STATEMENT EXECUTE FUNCTION "medhire_session_cache_notify"();
