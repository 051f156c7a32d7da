ALTER TABLE "applications" ADD COLUMN "furthest_stage_rank" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "filled_at" timestamp with time zone;--> statement-breakpoint
-- The furthest stage an application reached and a job's first hire, kept from the timeline, so the
-- reports read one row per application and per job instead of every event.
CREATE OR REPLACE FUNCTION pipeline_stage_rank(stage pipeline_status) RETURNS smallint
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE stage WHEN 'Shortlisted' THEN 1 WHEN 'Interview' THEN 2 WHEN 'Offer' THEN 3 WHEN 'Hired' THEN 4 ELSE 0 END::smallint
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION application_events_report_sync() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE applications SET furthest_stage_rank = pipeline_stage_rank(NEW.to_status)
    WHERE id = NEW.application_id AND furthest_stage_rank < pipeline_stage_rank(NEW.to_status);
  IF NEW.to_status = 'Hired' THEN
    UPDATE jobs SET filled_at = NEW.created_at
      WHERE id = (SELECT job_id FROM applications WHERE id = NEW.application_id)
        AND (filled_at IS NULL OR filled_at > NEW.created_at);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER application_events_report_sync AFTER INSERT ON application_events
  FOR EACH ROW EXECUTE FUNCTION application_events_report_sync();--> statement-breakpoint
UPDATE applications a SET furthest_stage_rank = greatest(pipeline_stage_rank(a.pipeline_status),
  coalesce((SELECT max(pipeline_stage_rank(e.to_status)) FROM application_events e WHERE e.application_id = a.id), 0));--> statement-breakpoint
UPDATE jobs j SET filled_at = h.filled_at FROM (
  SELECT a.job_id, min(e.created_at) AS filled_at FROM application_events e
  JOIN applications a ON a.id = e.application_id WHERE e.to_status = 'Hired' GROUP BY a.job_id
) h WHERE h.job_id = j.id;
