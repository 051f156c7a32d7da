-- Sending a message is one statement: this function runs every step of a send (the access check,
-- the row lock, the temp-id check, the sequence number, the insert, the change log and, for a
-- physician's message, the organisation's notifications) in the statement's own transaction.
-- Run as separate statements, a send cost about fifteen round trips to the database, and on a
-- 2-core machine the socket writes of those round trips were most of the server's time
-- (bench/messaging.ts). domain/conversations/store-message.ts is its only caller and documents
-- the rules; the steps keep the order the TypeScript version had.
CREATE OR REPLACE FUNCTION "medhire_send_message"(
	"p_conversation_id" uuid,
	"p_sender" "message_sender",
	"p_sender_user_id" uuid,
	"p_organization_id" uuid,
	"p_physician_id" uuid,
	"p_delegate_user_id" uuid,
	"p_body" text,
	"p_temp_msg_id" text,
	"p_now" timestamptz
) RETURNS jsonb
LANGUAGE plpgsql
VOLATILE
AS $$
DECLARE
	v_conversation record;
	v_message "messages"%ROWTYPE;
	v_seq integer;
	v_unarchived boolean;
	v_sender_name text;
	v_recipients jsonb := '[]'::jsonb;
BEGIN
	-- The caller is identified by its organisation (employer) or its physician id: never neither.
	IF p_organization_id IS NULL AND p_physician_id IS NULL THEN
		RAISE EXCEPTION 'medhire_send_message needs the organisation or the physician of the sender';
	END IF;

	-- Another's conversation is not found; the lock makes concurrent senders take turns, so the
	-- temp-id check below sees every committed message and seq is gap-free in commit order.
	SELECT c."id", c."organization_id", c."physician_id", c."job_id", c."is_archived",
		p."user_id" AS "physician_user_id", p."first_name", p."last_name"
	INTO v_conversation
	FROM "conversations" c
	JOIN "physicians" p ON p."id" = c."physician_id"
	WHERE c."id" = p_conversation_id
		AND (p_organization_id IS NULL OR c."organization_id" = p_organization_id)
		AND (p_physician_id IS NULL OR c."physician_id" = p_physician_id)
		AND (p_delegate_user_id IS NULL
			OR c."job_id" IN (SELECT j."id" FROM "jobs" j WHERE j."assignee_user_id" = p_delegate_user_id))
	FOR UPDATE OF c;
	IF NOT FOUND THEN
		RETURN jsonb_build_object('status', 'not_found');
	END IF;

	-- A retry of the same temp id answers the message already stored and changes nothing.
	SELECT * INTO v_message
	FROM "messages" m
	WHERE m."conversation_id" = p_conversation_id AND m."sender" = p_sender AND m."temp_msg_id" = p_temp_msg_id
	LIMIT 1;
	IF FOUND THEN
		IF v_message."sender" = 'employer' THEN
			SELECT coalesce(u."full_name", u."email") INTO v_sender_name FROM "users" u WHERE u."id" = v_message."sender_user_id";
		END IF;
		RETURN jsonb_build_object(
			'status', 'existing',
			'message', to_jsonb(v_message) || jsonb_build_object('created_at_ms', floor(extract(epoch FROM v_message."created_at") * 1000)),
			'senderName', v_sender_name,
			'physicianUserId', v_conversation."physician_user_id",
			'recipients', '[]'::jsonb
		);
	END IF;

	-- A physician's message brings an archived conversation back to the inbox.
	v_unarchived := p_sender = 'employee' AND v_conversation."is_archived";
	UPDATE "conversations" SET
		"employer_unread" = "employer_unread" + CASE WHEN p_sender = 'employee' THEN 1 ELSE 0 END,
		"physician_unread" = "physician_unread" + CASE WHEN p_sender = 'employer' THEN 1 ELSE 0 END,
		"last_message_at" = p_now,
		"last_seq" = "last_seq" + 1,
		"is_archived" = CASE WHEN v_unarchived THEN false ELSE "is_archived" END
	WHERE "id" = p_conversation_id
	RETURNING "last_seq" INTO v_seq;

	INSERT INTO "messages" ("conversation_id", "sender", "sender_user_id", "body", "temp_msg_id", "created_at", "seq")
	VALUES (
		p_conversation_id,
		p_sender,
		CASE WHEN p_sender = 'employee' THEN v_conversation."physician_user_id" ELSE p_sender_user_id END,
		p_body,
		p_temp_msg_id,
		p_now,
		v_seq
	)
	RETURNING * INTO v_message;

	-- The change log, under the same two advisory locks as record-change.ts, in the same order
	-- ('org:…' sorts before 'phy:…'), so every reader of sync sees change ids commit in order.
	PERFORM pg_advisory_xact_lock(hashtextextended('org:' || v_conversation."organization_id"::text, 13)),
		pg_advisory_xact_lock(hashtextextended('phy:' || v_conversation."physician_id"::text, 13));
	INSERT INTO "conversation_changes" ("conversation_id", "organization_id", "physician_id", "kind", "message_id", "data", "created_at")
	VALUES (p_conversation_id, v_conversation."organization_id", v_conversation."physician_id", 'message', v_message."id", '{}'::jsonb, p_now);
	IF v_unarchived THEN
		INSERT INTO "conversation_changes" ("conversation_id", "organization_id", "physician_id", "kind", "message_id", "data", "created_at")
		VALUES (p_conversation_id, v_conversation."organization_id", v_conversation."physician_id", 'archived', NULL, '{"archived": false}'::jsonb, p_now);
	END IF;

	IF p_sender = 'employer' THEN
		SELECT coalesce(u."full_name", u."email") INTO v_sender_name FROM "users" u WHERE u."id" = v_message."sender_user_id";
	ELSE
		-- SEND_MSG_TO_EMPLOYER for every owner, admin and recruiter of the organisation who can
		-- still use MedHire, and the delegate the conversation's job is assigned to
		-- (notify.ts organizationEmployerUserIds). A notification whose recipient has a browser
		-- that wants its push waits for the delivery job (delivered_at null); the others are
		-- delivered live by the caller after commit.
		WITH "recipients" AS (
			SELECT u."id", u."created_at",
				EXISTS (
					SELECT 1 FROM "push_tokens" pt
					LEFT JOIN "notification_preferences" np ON np."user_id" = pt."user_id" AND np."type" = 'SEND_MSG_TO_EMPLOYER'
					WHERE pt."user_id" = u."id" AND pt."endpoint" IS NOT NULL AND coalesce(np."push", true)
				) AS "wants_push",
				-- The unread count with the new notification, which this statement cannot see yet.
				(SELECT count(*) FROM "notifications" x WHERE x."user_id" = u."id" AND x."read_at" IS NULL) + 1 AS "unread_count"
			FROM "users" u
			WHERE u."organization_id" = v_conversation."organization_id"
				AND u."role" = 'employer'
				AND u."archived_at" IS NULL
				AND (u."member_role" <> 'delegate'
					OR EXISTS (SELECT 1 FROM "jobs" j WHERE j."id" = v_conversation."job_id" AND j."assignee_user_id" = u."id"))
		), "inserted" AS (
			INSERT INTO "notifications" ("user_id", "type", "title", "body", "data", "created_at", "delivered_at")
			SELECT r."id", 'SEND_MSG_TO_EMPLOYER', 'New message',
				'Dr. ' || v_conversation."first_name" || ' ' || v_conversation."last_name" || ': ' || left(p_body, 140),
				jsonb_build_object('conversation', p_conversation_id),
				p_now,
				CASE WHEN r."wants_push" THEN NULL ELSE p_now END
			FROM "recipients" r
			RETURNING "id", "user_id", "type", "title", "body", "data", "delivered_at"
		)
		SELECT coalesce(
			jsonb_agg(to_jsonb(n) || jsonb_build_object('unread_count', r."unread_count") ORDER BY r."created_at", r."id"),
			'[]'::jsonb
		) INTO v_recipients
		FROM "inserted" n JOIN "recipients" r ON r."id" = n."user_id";
	END IF;

	RETURN jsonb_build_object(
		'status', 'stored',
		'message', to_jsonb(v_message) || jsonb_build_object('created_at_ms', floor(extract(epoch FROM v_message."created_at") * 1000)),
		'senderName', v_sender_name,
		'physicianUserId', v_conversation."physician_user_id",
		'unarchived', v_unarchived,
		'recipients', v_recipients
	);
END;
$$;
--> statement-breakpoint
-- The sweep of notifications whose delivery job was never queued (sweep-notifications.ts): few rows, found
-- without reading the whole table.
CREATE INDEX IF NOT EXISTS "notifications_undelivered_idx" ON "notifications" ("created_at") WHERE "delivered_at" IS NULL;
