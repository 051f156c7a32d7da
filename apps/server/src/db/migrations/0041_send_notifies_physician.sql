-- A member's new message told the physician in a transaction of its own after the send's commit
-- (notify-physician.ts): seven round trips (begin, the unread check, the conversation, its job
-- and organisation, the notification, its delivery job, commit), and a crash between the two
-- commits lost the notification. The send's own statement now stores it: when the physician has
-- no unread EMPLOYER_MESSAGE notification of the conversation, `medhire_send_messages` adds one
-- ("New message", "<organisation> sent you a message.", the conversation and its job), undelivered
-- (delivered_at null), and answers its id as `physicianNotificationId`. The caller queues its
-- delivery job after the commit, as it does for the organisation's notifications of a physician's
-- message (store-message.ts); a job lost to a crash is queued by the sweep (sweep-notifications.ts).
-- Everything else is migration 0040's function unchanged.
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
	v_waiting boolean;
	v_notification_id uuid;
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
				v_waiting := EXISTS (
					SELECT 1 FROM "notifications" wn
					WHERE wn."user_id" = (v_result->>'physicianUserId')::uuid
						AND wn."type" = 'EMPLOYER_MESSAGE'
						AND wn."read_at" IS NULL
						AND wn."data"->>'conversation' = v_conversation_id::text
				);
				v_result := v_result || jsonb_build_object('waiting', v_waiting);
				-- None waits: one unread notification per conversation tells the physician, with the
				-- name of the organisation posting the conversation's job ('An employer' without one).
				IF NOT v_waiting THEN
					INSERT INTO "notifications" ("user_id", "type", "title", "body", "data", "created_at")
					SELECT (v_result->>'physicianUserId')::uuid, 'EMPLOYER_MESSAGE', 'New message',
						coalesce(o."name", 'An employer') || ' sent you a message.',
						CASE WHEN c."job_id" IS NULL
							THEN jsonb_build_object('conversation', v_conversation_id)
							ELSE jsonb_build_object('conversation', v_conversation_id, 'jobId', c."job_id")
						END,
						v_now
					FROM "conversations" c
					LEFT JOIN "jobs" j ON j."id" = c."job_id"
					LEFT JOIN "organizations" o ON o."id" = j."organization_id"
					WHERE c."id" = v_conversation_id
					RETURNING "id" INTO v_notification_id;
					v_result := v_result || jsonb_build_object('physicianNotificationId', v_notification_id);
				END IF;
			END IF;
		END IF;
		v_results := v_results || v_result;
	END LOOP;
	RETURN to_jsonb(v_results);
END;
$$;
