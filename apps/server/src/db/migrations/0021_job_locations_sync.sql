-- job_locations holds one row per location of an open job (see db/schema/jobs.ts). A trigger keeps
-- it, so every writer of jobs (create, update, close, duplicate, seeding) keeps it right.
CREATE OR REPLACE FUNCTION job_locations_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM job_locations WHERE job_id = NEW.id;
  IF NEW.status = 'open' THEN
    INSERT INTO job_locations (job_id, position, state, latitude, longitude)
    SELECT NEW.id, (place.ordinality - 1)::integer, place.value ->> 'state',
      (place.value -> 'coords' ->> 'latitude')::double precision,
      (place.value -> 'coords' ->> 'longitude')::double precision
    FROM jsonb_array_elements(NEW.locations) WITH ORDINALITY AS place(value, ordinality)
    WHERE place.value ->> 'state' IS NOT NULL
      AND place.value -> 'coords' ->> 'latitude' IS NOT NULL
      AND place.value -> 'coords' ->> 'longitude' IS NOT NULL;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS jobs_locations_sync_insert ON jobs;
--> statement-breakpoint
CREATE TRIGGER jobs_locations_sync_insert AFTER INSERT ON jobs
  FOR EACH ROW EXECUTE FUNCTION job_locations_sync();
--> statement-breakpoint
DROP TRIGGER IF EXISTS jobs_locations_sync_update ON jobs;
--> statement-breakpoint
CREATE TRIGGER jobs_locations_sync_update AFTER UPDATE OF status, locations ON jobs
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.locations IS DISTINCT FROM NEW.locations)
  EXECUTE FUNCTION job_locations_sync();
--> statement-breakpoint
INSERT INTO job_locations (job_id, position, state, latitude, longitude)
SELECT jobs.id, (place.ordinality - 1)::integer, place.value ->> 'state',
  (place.value -> 'coords' ->> 'latitude')::double precision,
  (place.value -> 'coords' ->> 'longitude')::double precision
FROM jobs, jsonb_array_elements(jobs.locations) WITH ORDINALITY AS place(value, ordinality)
WHERE jobs.status = 'open'
  AND place.value ->> 'state' IS NOT NULL
  AND place.value -> 'coords' ->> 'latitude' IS NOT NULL
  AND place.value -> 'coords' ->> 'longitude' IS NOT NULL
ON CONFLICT DO NOTHING;
