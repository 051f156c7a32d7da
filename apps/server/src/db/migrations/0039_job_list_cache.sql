-- Each server instance keeps the job-list pages it recently answered in memory
-- (domain/jobs/job-list-cache.ts) and LISTENs on "medhire_job_list_cache". These triggers tell
-- every instance, at commit, which organisations' pages to drop: the payload is the
-- organisation's id. A page shows the organisation's jobs (every column, the assignee and the
-- order), each job's applicant and invite figures (job_activity_counts, kept by the writes of
-- applications, invites and hidden organisations) and each assignee's name (a member's full name,
-- else e-mail). Changes to any of them are told once per statement, from its transition tables;
-- a TRUNCATE, or a statement touching more than 1,000 organisations, sends '*': forget everything.
-- pg_notify sends a payload once per transaction, however often it is repeated.
CREATE OR REPLACE FUNCTION "medhire_job_list_cache_notify"() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
	v_organization_ids uuid[];
	v_organization_id uuid;
BEGIN
	IF TG_OP = 'TRUNCATE' THEN
		PERFORM pg_notify('medhire_job_list_cache', '*');
		RETURN NULL;
	END IF;
	IF TG_TABLE_NAME = 'jobs' THEN
		IF TG_OP = 'INSERT' THEN
			SELECT array_agg(DISTINCT "organization_id") INTO v_organization_ids FROM "new_rows";
		ELSIF TG_OP = 'DELETE' THEN
			SELECT array_agg(DISTINCT "organization_id") INTO v_organization_ids FROM "old_rows";
		ELSE
			SELECT array_agg(DISTINCT "organization_id") INTO v_organization_ids
				FROM (SELECT "organization_id" FROM "new_rows" UNION SELECT "organization_id" FROM "old_rows") AS "changed";
		END IF;
	ELSIF TG_TABLE_NAME = 'job_activity_counts' THEN
		-- A job's figures deleted with the job itself: the job's own DELETE has told already.
		IF TG_OP = 'INSERT' THEN
			SELECT array_agg(DISTINCT j."organization_id") INTO v_organization_ids
				FROM "new_rows" AS c JOIN "jobs" AS j ON j."id" = c."job_id";
		ELSIF TG_OP = 'DELETE' THEN
			SELECT array_agg(DISTINCT j."organization_id") INTO v_organization_ids
				FROM "old_rows" AS c JOIN "jobs" AS j ON j."id" = c."job_id";
		ELSE
			SELECT array_agg(DISTINCT j."organization_id") INTO v_organization_ids
				FROM "new_rows" AS c JOIN "jobs" AS j ON j."id" = c."job_id";
		END IF;
	ELSE
		-- users: only a name or e-mail that changed is shown on a page (as an assignee).
		SELECT array_agg(DISTINCT "organization_id") INTO v_organization_ids
			FROM (
				SELECT n."organization_id" FROM "new_rows" AS n JOIN "old_rows" AS o ON o."id" = n."id"
					WHERE n."full_name" IS DISTINCT FROM o."full_name" OR n."email" IS DISTINCT FROM o."email"
				UNION
				SELECT o."organization_id" FROM "new_rows" AS n JOIN "old_rows" AS o ON o."id" = n."id"
					WHERE n."full_name" IS DISTINCT FROM o."full_name" OR n."email" IS DISTINCT FROM o."email"
			) AS "renamed"
			WHERE "organization_id" IS NOT NULL;
	END IF;
	IF coalesce(cardinality(v_organization_ids), 0) > 1000 THEN
		PERFORM pg_notify('medhire_job_list_cache', '*');
		RETURN NULL;
	END IF;
	FOREACH v_organization_id IN ARRAY coalesce(v_organization_ids, '{}') LOOP
		PERFORM pg_notify('medhire_job_list_cache', v_organization_id::text);
	END LOOP;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "jobs_job_list_cache_insert" AFTER INSERT ON "jobs"
	REFERENCING NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "medhire_job_list_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "jobs_job_list_cache_update" AFTER UPDATE ON "jobs"
	REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "medhire_job_list_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "jobs_job_list_cache_delete" AFTER DELETE ON "jobs"
	REFERENCING OLD TABLE AS "old_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "medhire_job_list_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "jobs_job_list_cache_truncate" AFTER TRUNCATE ON "jobs"
	FOR EACH STATEMENT EXECUTE FUNCTION "medhire_job_list_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "job_activity_counts_job_list_cache_insert" AFTER INSERT ON "job_activity_counts"
	REFERENCING NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "medhire_job_list_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "job_activity_counts_job_list_cache_update" AFTER UPDATE ON "job_activity_counts"
	REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "medhire_job_list_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "job_activity_counts_job_list_cache_delete" AFTER DELETE ON "job_activity_counts"
	REFERENCING OLD TABLE AS "old_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "medhire_job_list_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "job_activity_counts_job_list_cache_truncate" AFTER TRUNCATE ON "job_activity_counts"
	FOR EACH STATEMENT EXECUTE FUNCTION "medhire_job_list_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "users_job_list_cache_update" AFTER UPDATE ON "users"
	REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "medhire_job_list_cache_notify"();
