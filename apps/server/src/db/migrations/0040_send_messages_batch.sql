-- Sends arrive in bursts on a busy server; each send as a statement of its own paid a round trip,
-- a commit (and its WAL flush) and a wake-up of a database process. `medhire_send_messages` takes
-- several sends (a JSON array) and runs them in one statement, so in one transaction and one
-- commit: the server gathers the sends that arrive while earlier ones are in flight
-- (domain/conversations/send-batcher.ts). A send alone is a batch of one. Each element does what
-- one send did (store-message.ts): the hidden-physician check, `medhire_send_message` (migration
-- 0015), and for a member's new message the activity-log entry and whether the physician's last
-- notification of the conversation still waits unread.
--
-- Locks: one send locks its conversation row, then the change log's advisory lock on the
-- organisation ('org:…') and on the physician ('phy:…'), as record-change.ts does. A batch takes
-- every lock its sends will take first, in one order (conversation rows by id, then the advisory
-- keys in byte order, which puts every 'org:' before every 'phy:'): two batches, or a batch and a
-- single change, then wait for each other instead of each holding what the other wants. A batch
-- that still fails (a deadlock with some other transaction, an error in one of its sends) rolls
-- back whole; the server then sends each of its messages on its own.
CREATE OR REPLACE FUNCTION "medhire_send_messages"("p_sends" jsonb) RETURNS jsonb
LANGUAGE plpgsql
VOLATILE
AS $$
DECLARE
	v_send jsonb;
	v_key text;
	v_conversation_id uuid;
	v_organization_id uuid;
	v_physician_id uuid;
	v_sender_user_id uuid;
	v_now timestamptz;
	v_result jsonb;
	v_results jsonb[] := '{}';
BEGIN
	IF jsonb_array_length(p_sends) > 1 THEN
		PERFORM 1 FROM "conversations" c
		WHERE c."id" IN (SELECT (e->>'conversationId')::uuid FROM jsonb_array_elements(p_sends) AS e)
		ORDER BY c."id"
		FOR UPDATE OF c;
		FOR v_key IN
			SELECT DISTINCT k."key" COLLATE "C"
			FROM "conversations" c
			CROSS JOIN LATERAL (VALUES ('org:' || c."organization_id"::text), ('phy:' || c."physician_id"::text)) AS k("key")
			WHERE c."id" IN (SELECT (e->>'conversationId')::uuid FROM jsonb_array_elements(p_sends) AS e)
			ORDER BY 1
		LOOP
			PERFORM pg_advisory_xact_lock(hashtextextended(v_key, 13));
		END LOOP;
	END IF;

	FOR v_send IN SELECT e FROM jsonb_array_elements(p_sends) AS e LOOP
		v_conversation_id := (v_send->>'conversationId')::uuid;
		v_organization_id := (v_send->>'organizationId')::uuid;
		v_physician_id := (v_send->>'physicianId')::uuid;
		v_sender_user_id := (v_send->>'senderUserId')::uuid;
		v_now := (v_send->>'now')::timestamptz;
		-- The sender's own conversation with a physician who hides from its organisation: nothing
		-- is stored.
		IF EXISTS (
			SELECT 1 FROM "conversations" hc
			JOIN "physician_hidden_organizations" h
				ON h."organization_id" = hc."organization_id" AND h."physician_id" = hc."physician_id"
			WHERE hc."id" = v_conversation_id
				AND (v_organization_id IS NULL OR hc."organization_id" = v_organization_id)
				AND (v_physician_id IS NULL OR hc."physician_id" = v_physician_id)
		) THEN
			v_result := '{"status":"hidden"}'::jsonb;
		ELSE
			v_result := medhire_send_message(
				v_conversation_id,
				(v_send->>'sender')::"message_sender",
				v_sender_user_id,
				v_organization_id,
				v_physician_id,
				(v_send->>'delegateUserId')::uuid,
				v_send->>'body',
				v_send->>'tempMsgId',
				v_now
			);
			IF v_organization_id IS NOT NULL AND v_result->>'status' = 'stored' THEN
				-- The organisation's activity log (type message.sent), with the member's name at the
				-- time and "Dr. First Last" (record-activity.ts, activity-names.ts).
				INSERT INTO "activity_log" ("organization_id", "actor_user_id", "actor_name", "type", "summary",
					"subject_type", "subject_id", "details", "created_at")
				SELECT v_organization_id, v_sender_user_id,
					coalesce(v_result->>'senderName', 'A former member'),
					'message.sent',
					'Sent a message to ' || coalesce(trim('Dr. ' || p."first_name" || ' ' || p."last_name"), 'a physician'),
					'conversation', v_conversation_id::text,
					jsonb_build_object('messageId', v_result->'message'->>'id'),
					v_now
				FROM "conversations" c
				LEFT JOIN "physicians" p ON p."id" = c."physician_id"
				WHERE c."id" = v_conversation_id;
				-- Does the physician's last EMPLOYER_MESSAGE notification of this conversation still
				-- wait unread (the question notify-physician.ts asks)?
				v_result := v_result || jsonb_build_object('waiting', EXISTS (
					SELECT 1 FROM "notifications" wn
					WHERE wn."user_id" = (v_result->>'physicianUserId')::uuid
						AND wn."type" = 'EMPLOYER_MESSAGE'
						AND wn."read_at" IS NULL
						AND wn."data"->>'conversation' = v_conversation_id::text
				));
			END IF;
		END IF;
		v_results := v_results || v_result;
	END LOOP;
	RETURN to_jsonb(v_results);
END;
$$;
