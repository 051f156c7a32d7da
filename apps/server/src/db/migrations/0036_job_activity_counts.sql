CREATE TABLE "job_activity_counts" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"applicants" integer DEFAULT 0 NOT NULL,
	"invites" integer DEFAULT 0 NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"accepted" integer DEFAULT 0 NOT NULL,
	"declined" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_activity_counts" ADD CONSTRAINT "job_activity_counts_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every job has its row from the start, so the triggers below only ever add to existing rows.
CREATE OR REPLACE FUNCTION job_activity_counts_new_jobs() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO job_activity_counts (job_id) SELECT id FROM new_jobs ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER job_activity_counts_new_jobs AFTER INSERT ON jobs
  REFERENCING NEW TABLE AS new_jobs
  FOR EACH STATEMENT EXECUTE FUNCTION job_activity_counts_new_jobs();--> statement-breakpoint
-- Applications written (+1) or removed (-1) in one statement, by job; a physician who hides from
-- the job's organisation is not counted (their hiding subtracted them already, see below).
CREATE OR REPLACE FUNCTION job_activity_counts_applications() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  step integer := CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END;
BEGIN
  UPDATE job_activity_counts c SET applicants = c.applicants + step * d.n
  FROM (
    SELECT r.job_id, count(*)::integer AS n FROM changed_rows r
    WHERE NOT EXISTS (SELECT 1 FROM physician_hidden_organizations h
      WHERE h.organization_id = r.organization_id AND h.physician_id = r.physician_id)
    GROUP BY r.job_id
  ) d
  WHERE c.job_id = d.job_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER job_activity_counts_applications_insert AFTER INSERT ON applications
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION job_activity_counts_applications();--> statement-breakpoint
CREATE TRIGGER job_activity_counts_applications_delete AFTER DELETE ON applications
  REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION job_activity_counts_applications();--> statement-breakpoint
-- An application moved to another job, physician or organisation (no product path does today):
-- the old row's place loses it, the new one's gains it. A stage change nets out to nothing.
CREATE OR REPLACE FUNCTION job_activity_counts_applications_moved() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE job_activity_counts c SET applicants = c.applicants + d.n
  FROM (
    SELECT r.job_id, sum(r.step)::integer AS n FROM (
      SELECT job_id, organization_id, physician_id, 1 AS step FROM new_rows
      UNION ALL
      SELECT job_id, organization_id, physician_id, -1 AS step FROM old_rows
    ) r
    WHERE NOT EXISTS (SELECT 1 FROM physician_hidden_organizations h
      WHERE h.organization_id = r.organization_id AND h.physician_id = r.physician_id)
    GROUP BY r.job_id
    HAVING sum(r.step) <> 0
  ) d
  WHERE c.job_id = d.job_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER job_activity_counts_applications_update AFTER UPDATE ON applications
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION job_activity_counts_applications_moved();--> statement-breakpoint
-- Invites: every invite counts in `invites`, and pending, accepted and declined ones in their own
-- figure too (cancelled ones in `invites` only). Written (+1) or removed (-1) in one statement:
CREATE OR REPLACE FUNCTION job_activity_counts_matches() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  step integer := CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END;
BEGIN
  UPDATE job_activity_counts c SET
    invites = c.invites + step * d.invites,
    pending = c.pending + step * d.pending,
    accepted = c.accepted + step * d.accepted,
    declined = c.declined + step * d.declined
  FROM (
    SELECT r.job_id,
      count(*)::integer AS invites,
      count(*) FILTER (WHERE r.status = 'pending')::integer AS pending,
      count(*) FILTER (WHERE r.status = 'accepted')::integer AS accepted,
      count(*) FILTER (WHERE r.status = 'declined')::integer AS declined
    FROM changed_rows r
    WHERE NOT EXISTS (SELECT 1 FROM physician_hidden_organizations h
      WHERE h.organization_id = r.organization_id AND h.physician_id = r.physician_id)
    GROUP BY r.job_id
  ) d
  WHERE c.job_id = d.job_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER job_activity_counts_matches_insert AFTER INSERT ON matches
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION job_activity_counts_matches();--> statement-breakpoint
CREATE TRIGGER job_activity_counts_matches_delete AFTER DELETE ON matches
  REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION job_activity_counts_matches();--> statement-breakpoint
-- Answered, cancelled or moved: the old row's figures lose it, the new row's gain it.
CREATE OR REPLACE FUNCTION job_activity_counts_matches_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE job_activity_counts c SET
    invites = c.invites + d.invites,
    pending = c.pending + d.pending,
    accepted = c.accepted + d.accepted,
    declined = c.declined + d.declined
  FROM (
    SELECT r.job_id,
      sum(r.step)::integer AS invites,
      coalesce(sum(r.step) FILTER (WHERE r.status = 'pending'), 0)::integer AS pending,
      coalesce(sum(r.step) FILTER (WHERE r.status = 'accepted'), 0)::integer AS accepted,
      coalesce(sum(r.step) FILTER (WHERE r.status = 'declined'), 0)::integer AS declined
    FROM (
      SELECT job_id, organization_id, physician_id, status, 1 AS step FROM new_rows
      UNION ALL
      SELECT job_id, organization_id, physician_id, status, -1 AS step FROM old_rows
    ) r
    WHERE NOT EXISTS (SELECT 1 FROM physician_hidden_organizations h
      WHERE h.organization_id = r.organization_id AND h.physician_id = r.physician_id)
    GROUP BY r.job_id
  ) d
  WHERE c.job_id = d.job_id
    AND (d.invites, d.pending, d.accepted, d.declined) <> (0, 0, 0, 0);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER job_activity_counts_matches_update AFTER UPDATE ON matches
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION job_activity_counts_matches_updated();--> statement-breakpoint
-- A physician hiding from an organisation (-1) or showing again (+1): their applications and
-- invites at its jobs leave or rejoin the figures.
CREATE OR REPLACE FUNCTION job_activity_counts_hiding() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  step integer := CASE TG_OP WHEN 'INSERT' THEN -1 ELSE 1 END;
BEGIN
  UPDATE job_activity_counts c SET applicants = c.applicants + step * d.n
  FROM (
    SELECT a.job_id, count(*)::integer AS n
    FROM changed_rows h
    JOIN applications a ON a.physician_id = h.physician_id AND a.organization_id = h.organization_id
    GROUP BY a.job_id
  ) d
  WHERE c.job_id = d.job_id;
  UPDATE job_activity_counts c SET
    invites = c.invites + step * d.invites,
    pending = c.pending + step * d.pending,
    accepted = c.accepted + step * d.accepted,
    declined = c.declined + step * d.declined
  FROM (
    SELECT m.job_id,
      count(*)::integer AS invites,
      count(*) FILTER (WHERE m.status = 'pending')::integer AS pending,
      count(*) FILTER (WHERE m.status = 'accepted')::integer AS accepted,
      count(*) FILTER (WHERE m.status = 'declined')::integer AS declined
    FROM changed_rows h
    JOIN matches m ON m.physician_id = h.physician_id AND m.organization_id = h.organization_id
    GROUP BY m.job_id
  ) d
  WHERE c.job_id = d.job_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER job_activity_counts_hiding_insert AFTER INSERT ON physician_hidden_organizations
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION job_activity_counts_hiding();--> statement-breakpoint
CREATE TRIGGER job_activity_counts_hiding_delete AFTER DELETE ON physician_hidden_organizations
  REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION job_activity_counts_hiding();--> statement-breakpoint
-- The figures of the jobs that exist now, counted as the job list counted them until now.
INSERT INTO job_activity_counts (job_id, applicants, invites, pending, accepted, declined)
SELECT j.id,
  coalesce(a.n, 0), coalesce(m.invites, 0), coalesce(m.pending, 0), coalesce(m.accepted, 0), coalesce(m.declined, 0)
FROM jobs j
LEFT JOIN (
  SELECT r.job_id, count(*)::integer AS n FROM applications r
  WHERE NOT EXISTS (SELECT 1 FROM physician_hidden_organizations h
    WHERE h.organization_id = r.organization_id AND h.physician_id = r.physician_id)
  GROUP BY r.job_id
) a ON a.job_id = j.id
LEFT JOIN (
  SELECT r.job_id,
    count(*)::integer AS invites,
    count(*) FILTER (WHERE r.status = 'pending')::integer AS pending,
    count(*) FILTER (WHERE r.status = 'accepted')::integer AS accepted,
    count(*) FILTER (WHERE r.status = 'declined')::integer AS declined
  FROM matches r
  WHERE NOT EXISTS (SELECT 1 FROM physician_hidden_organizations h
    WHERE h.organization_id = r.organization_id AND h.physician_id = r.physician_id)
  GROUP BY r.job_id
) m ON m.job_id = j.id
ON CONFLICT (job_id) DO NOTHING;
