-- The recommendation pool is read nearest-first from physician_places (domain/matching). This
-- migration adds what drizzle-kit does not write: the GiST index that answers "the physicians
-- of this specialty nearest to this point" (btree_gist lets the specialty equality share the
-- index with the point), the rule that turns a physician into places, and the trigger that keeps
-- the places of every physician in step with their profile, whoever writes it.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
-- A physician's places: the home and each city of interest, only while the profile is complete
-- (specialty, board status, experience, start year, home) and discoverable.
CREATE FUNCTION physician_places_of(p physicians)
RETURNS TABLE (physician_id uuid, specialty_id text, kind text, location point)
LANGUAGE sql STABLE AS $$
  SELECT p.id, p.specialty_id,
    CASE WHEN place.n = 1 THEN 'home' ELSE 'city_of_interest' END,
    point((place.value->'coords'->>'longitude')::float8, (place.value->'coords'->>'latitude')::float8)
  FROM jsonb_array_elements(
    jsonb_build_array(jsonb_build_object('coords',
      jsonb_build_object('latitude', p.home_latitude, 'longitude', p.home_longitude)))
    || CASE WHEN jsonb_typeof(p.cities_of_interest) = 'array' THEN p.cities_of_interest ELSE '[]'::jsonb END
  ) WITH ORDINALITY AS place(value, n)
  WHERE p.is_discoverable AND p.specialty_id IS NOT NULL AND p.board_status IS NOT NULL
    AND p.years_of_experience IS NOT NULL AND p.year_available IS NOT NULL AND p.home_state IS NOT NULL
    AND p.home_latitude IS NOT NULL AND p.home_longitude IS NOT NULL
    AND place.value->'coords'->>'longitude' IS NOT NULL AND place.value->'coords'->>'latitude' IS NOT NULL
$$;
--> statement-breakpoint
CREATE FUNCTION physicians_places_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM physician_places WHERE physician_places.physician_id = OLD.id;
  END IF;
  INSERT INTO physician_places (physician_id, specialty_id, kind, location)
  SELECT * FROM physician_places_of(NEW);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER physicians_places_sync
AFTER INSERT OR UPDATE OF id, specialty_id, board_status, years_of_experience, year_available, home_state,
  home_latitude, home_longitude, cities_of_interest, is_discoverable
ON physicians FOR EACH ROW EXECUTE FUNCTION physicians_places_sync();
--> statement-breakpoint
INSERT INTO physician_places (physician_id, specialty_id, kind, location)
SELECT place.* FROM physicians CROSS JOIN LATERAL physician_places_of(physicians) AS place;
--> statement-breakpoint
-- INCLUDE (physician_id): the pool is read from the index alone once the table is vacuumed.
CREATE INDEX physician_places_specialty_location_idx ON physician_places
  USING gist (specialty_id, location) INCLUDE (physician_id);
