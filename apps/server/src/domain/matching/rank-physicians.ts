import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { isPubliclyDiscoverable } from '../applicants/physician-visibility.ts';
import { isNotHiddenFrom } from '../physicians/hidden-organizations.ts';
import {
  BASE_WEIGHTS,
  DISTANCE_HORIZON_MILES,
  PROBE_SHIFTS,
  RELOCATION_CREDIT,
  SCORE_PARTS,
  SCORED_PROBES,
  type ScorePart,
  VISA_AVAILABILITY_FACTOR,
} from './score-weights.ts';

export interface RankPhysiciansOptions {
  db: Db;
  jobId: string;
  /** The job's organisation: a job of another organisation ranks nobody. */
  organizationId: string;
  limit: number;
  offset: number;
  /** Today, for "available this year" when the employer set no start year. */
  now?: Date;
}

export interface RankedPhysician {
  physicianId: string;
  /** 0–100. */
  score: number;
  /** Why, best first: what earned the most points, then what cost points. */
  reasons: string[];
}

export interface PhysicianRanking {
  physicians: RankedPhysician[];
  /** How many physicians the pool holds (every page's total). */
  total: number;
}

const EARTH_RADIUS_MILES = 3958.8;

/** `<weight> + <shift when the employer gave that answer> …` for one part, from the constants. */
function weightExpression(part: ScorePart): SQL {
  const shifts = PROBE_SHIFTS.filter(({ shift }) => shift[part]).map(
    ({ probeId, choice, shift }) =>
      `case when s.${SCORED_PROBES[probeId]} = '${choice}' then ${shift[part]} else 0 end`,
  );
  return sql.raw(`(${[String(BASE_WEIGHTS[part]), ...shifts].join(' + ')})::float8 as w_${part}`);
}

const probeColumns = sql.raw(
  Object.entries(SCORED_PROBES)
    .map(
      ([probeId, column]) =>
        `(select answer->>'choice' from jsonb_array_elements(coalesce(employer.probes, '[]'::jsonb)) answer
          where answer->>'probeId' = '${probeId}' limit 1) as ${column}`,
    )
    .join(',\n'),
);

/** Job locations whose distance is written out inline; beyond that a subquery takes over. */
const INLINE_LOCATIONS = 4;

/**
 * How many physicians each job location draws into the pool: those of the job's specialty whose
 * home or city of interest is nearest to it (physician_places, read nearest-first through its
 * GiST index). The pool, and so the work of a ranking, no longer grows with the table.
 */
export const POOL_PER_LOCATION = 500;

/** The haversine term between a place (radians) and job location `index` (1-based); NULL past the last one. */
function haversineTerm(lat: string, lon: string, index: number): string {
  return `(power(sin((w.job_lats[${index}] - ${lat}) / 2), 2)
    + w.job_cos_lats[${index}] * cos(${lat}) * power(sin((w.job_lons[${index}] - ${lon}) / 2), 2))`;
}

/**
 * The smallest haversine term between one place (latitude and longitude in radians) and the
 * job's locations. Most jobs have a few locations: for up to INLINE_LOCATIONS the terms are
 * written out, one branch per count so only the job's own locations are computed, and no
 * subquery runs per place.
 */
function nearestTerm(lat: string, lon: string): string {
  const branches = Array.from({ length: INLINE_LOCATIONS }, (_, index) => {
    const terms = Array.from({ length: index + 1 }, (_, term) => haversineTerm(lat, lon, term + 1));
    return `when ${index + 1} then ${terms.length === 1 ? terms[0] : `least(${terms.join(',\n')})`}`;
  });
  return `(case cardinality(w.job_lats) ${branches.join('\n')}
    else (select min(power(sin((l.lat - ${lat}) / 2), 2)
      + l.cos_lat * cos(${lat}) * power(sin((l.lon - ${lon}) / 2), 2))
      from unnest(w.job_lats, w.job_lons, w.job_cos_lats) as l(lat, lon, cos_lat)) end)`;
}

const HOME_TERM = nearestTerm('radians(physicians.home_latitude)', 'radians(physicians.home_longitude)');
const CITY_TERM = nearestTerm(
  "radians((city->'coords'->>'latitude')::float8)",
  "radians((city->'coords'->>'longitude')::float8)",
);

/** Great-circle miles of a haversine term. */
const milesOf = (term: string) => `(2 * ${EARTH_RADIUS_MILES} * asin(sqrt(least(1.0, ${term}))))`;

/**
 * Great-circle miles (haversine) from the nearest of the physician's places (home or a city of
 * interest) to the nearest job location. The smallest haversine term gives the smallest
 * distance, so there is one asin per physician.
 */
const MILES_EXPRESSION =
  milesOf(`least(${HOME_TERM}, case when jsonb_typeof(physicians.cities_of_interest) = 'array'
  and physicians.cities_of_interest <> '[]'::jsonb then (select min(${CITY_TERM})
  from jsonb_array_elements(physicians.cities_of_interest) as city) end)`);

/**
 * The physician's place nearest to the job (home first on a tie): its kind, its description and
 * the miles to the nearest job location. Built for the page's physicians only, for the reasons.
 */
const NEAREST_PLACE = `(select place.kind, place.description, ${milesOf('place.term')} as miles
  from (
    select 'home' as kind, physicians.home_description as description, ${HOME_TERM} as term
    union all
    select 'city_of_interest', city->>'description', ${CITY_TERM}
    from jsonb_array_elements(case when jsonb_typeof(physicians.cities_of_interest) = 'array'
      then physicians.cities_of_interest else '[]'::jsonb end) as city
  ) as place
  where place.term is not null
  order by place.term, (place.kind = 'home') desc
  limit 1)`;

/**
 * The fraction (0–1) of each part a physician earns against the job and employer settings
 * `w`. Read together with README.md, which gives the same rules in words.
 */
const FRACTIONS = {
  subSpecialty: sql.raw(`(case
    when cardinality(w.asked_subs) = 0 then 1.0
    when physicians.sub_specialty_ids && w.asked_subs then 1.0
    when cardinality(physicians.sub_specialty_ids) = 0 then 0.3
    else 0.0 end)`),
  board: sql.raw(`(case physicians.board_status
    when 'board-certified' then 1.0
    when 'not-board-certified' then w.board_not_certified
    else w.board_eligible end)`),
  experience: sql.raw(`(case
    when w.min_experience <= 0 then 0.5 + 0.05 * least(physicians.years_of_experience, 10)
    when physicians.years_of_experience >= w.min_experience then 1.0
    else 0.6 * physicians.years_of_experience / w.min_experience end)`),
  availability: sql.raw(`((case
    when physicians.year_available <= w.target_year then 1.0
    when physicians.year_available = w.target_year + 1 then 0.5
    when physicians.year_available = w.target_year + 2 then 0.2
    else 0.0 end) * (case when physicians.needs_visa then w.visa_factor else 1.0 end))`),
  location: sql.raw(`greatest(
    coalesce(greatest(0.0, 1.0 - (${MILES_EXPRESSION}) / ${DISTANCE_HORIZON_MILES}.0), 0.0),
    case when physicians.states_of_interest && w.job_states then w.relocation_credit else 0.0 end)`),
  employmentType: sql.raw(`(case
    when w.employment_type = any(physicians.employment_types) then 1.0
    when cardinality(physicians.employment_types) = 0 then 0.5
    else 0.0 end)`),
} satisfies Record<ScorePart, SQL>;

const scoreExpression = sql.join(
  SCORE_PARTS.map((part) => sql`${sql.raw(`w.w_${part}`)} * ${FRACTIONS[part]}`),
  sql` + `,
);

/**
 * Ranks the physicians for one job in one query, inside the database. The pool is, for each job
 * location, the POOL_PER_LOCATION complete, discoverable physicians of the job's specialty who
 * live or want to work nearest to it (physician_places, read nearest-first through its GiST
 * index). Each is scored 0–100 (README.md beside this file):
 *
 * | part            | points | full marks when                                                    |
 * |-----------------|-------:|--------------------------------------------------------------------|
 * | sub-specialty   | 20     | shares one of the job's or preferences' sub-specialties (or none asked); none at all 30 % |
 * | board status    | 20     | certified; eligible 75 % (90 % when eligible is accepted, 0 when certification is required); not certified 40 % (0 when required) |
 * | experience      | 15     | at least the preferred minimum (below: 60 % × share); no minimum: 50 % + 5 %/year up to 10 |
 * | availability    | 15     | starts by the preferred year (or this year); +1 year 50 %, +2 years 20 %; a visa need halves it |
 * | location        | 20     | 1 − miles from their nearest place (home or city of interest) to the nearest job location / 500; at least 50 % when they named a job state |
 * | employment type | 10     | wants the job's type (no types given 50 %)                         |
 *
 * The employer's would-you-rather answers move points between parts and change the relocation
 * credit and the visa treatment (score-weights.ts). Scores are whole numbers; ties of the
 * exact score fall back to the physician id, so a page is always the same. Reasons are built
 * for the page's physicians only, best first.
 */
export async function rankPhysiciansForJob({
  db,
  jobId,
  organizationId,
  limit,
  offset,
  now = new Date(),
}: RankPhysiciansOptions): Promise<PhysicianRanking> {
  const thisYear = now.getUTCFullYear();
  const result = await db.execute<{
    total: number;
    id: string | null;
    score: number | null;
    reasons: string[] | null;
  }>(sql`
    with job as (
      select j.id, j.specialty_id, j.sub_specialty_ids, j.employment_type, j.created_by_user_id, j.locations
      from jobs j
      where j.id = ${jobId} and j.organization_id = ${organizationId}
    ),
    employer as (
      -- The preferences and answers of whoever posted the job, else of the organisation's
      -- first employer user who gave preferences.
      select u.candidate_preferences as prefs, u.preference_probes as probes
      from users u cross join job
      where u.organization_id = ${organizationId} and u.role = 'employer'
      order by (u.id = job.created_by_user_id) desc nulls last,
        (u.candidate_preferences is not null) desc, u.created_at, u.id
      limit 1
    ),
    s as materialized (
      select job.*,
        array(select (l->'coords'->>'latitude')::float8
          from jsonb_array_elements(job.locations) with ordinality as t(l, n) order by n) as job_lat_degrees,
        array(select (l->'coords'->>'longitude')::float8
          from jsonb_array_elements(job.locations) with ordinality as t(l, n) order by n) as job_lon_degrees,
        array(select distinct upper(l->>'state') from jsonb_array_elements(job.locations) l) as job_states,
        array(select radians((l->'coords'->>'latitude')::float8)
          from jsonb_array_elements(job.locations) with ordinality as t(l, n) order by n) as job_lats,
        array(select radians((l->'coords'->>'longitude')::float8)
          from jsonb_array_elements(job.locations) with ordinality as t(l, n) order by n) as job_lons,
        array(select cos(radians((l->'coords'->>'latitude')::float8))
          from jsonb_array_elements(job.locations) with ordinality as t(l, n) order by n) as job_cos_lats,
        job.sub_specialty_ids || coalesce(array(select jsonb_array_elements_text(
          case when jsonb_typeof(employer.prefs->'subSpecialty') = 'array' then employer.prefs->'subSpecialty' end)),
          '{}'::text[]) as asked_subs,
        employer.prefs->>'boardCertStatus' as board_pref,
        coalesce((employer.prefs->>'minExperience')::int, 0) as min_experience,
        coalesce((employer.prefs->>'yearAvailableToStart')::int, ${thisYear}::int) as target_year,
        ${probeColumns}
      from job left join employer on true
    ),
    w as (
      select s.*,
        ${sql.join(SCORE_PARTS.map(weightExpression), sql`, `)},
        case s.local_choice when 'a' then ${RELOCATION_CREDIT.a}::float8 when 'b' then ${RELOCATION_CREDIT.b}::float8
          else ${RELOCATION_CREDIT.none}::float8 end as relocation_credit,
        case s.experience_choice when 'a' then ${VISA_AVAILABILITY_FACTOR.a}::float8
          when 'b' then ${VISA_AVAILABILITY_FACTOR.b}::float8 else ${VISA_AVAILABILITY_FACTOR.none}::float8 end as visa_factor,
        case
          when s.board_pref = 'board-certified' then 0.0
          when s.board_pref in ('board-certified-or-eligible', 'board-eligible') then
            case s.certified_choice when 'b' then 1.0 else 0.9 end
          else case s.certified_choice when 'b' then 1.0 when 'a' then 0.5 else 0.75 end
        end as board_eligible,
        case when s.board_pref in ('board-certified', 'board-certified-or-eligible', 'board-eligible') then 0.0
          else 0.4 end as board_not_certified
      from s
    ),
    pool as materialized (
      -- For each job location, the physicians of the job's specialty whose home or city of
      -- interest is nearest to it: a nearest-first read of the GiST index, stopped after N.
      select distinct near.physician_id as id
      from w
      cross join lateral unnest(w.job_lon_degrees, w.job_lat_degrees) as spot(lon, lat)
      cross join lateral (
        select places.physician_id from physician_places places
        where places.specialty_id = w.specialty_id
        order by places.location <-> point(spot.lon, spot.lat)
        limit ${POOL_PER_LOCATION}
      ) as near
      where spot.lon is not null and spot.lat is not null
    ),
    scored as materialized (
      select physicians.id, (${scoreExpression}) as score
      from pool join physicians on physicians.id = pool.id cross join w
      where physicians.specialty_id = w.specialty_id and ${isPubliclyDiscoverable}
        and ${isNotHiddenFrom(organizationId)}
    ),
    page as (
      select id, score from scored order by score desc, id limit ${limit} offset ${offset}
    )
    select (select count(*)::int from scored) as total, page.id, round(page.score)::int as score,
      array(
        select reason.text from (values
          (case when cardinality(w.asked_subs) > 0 and physicians.sub_specialty_ids && w.asked_subs then
            (select 'Sub-specialty: ' || ss.title from sub_specialties ss
              where ss.id = any(physicians.sub_specialty_ids) and ss.id = any(w.asked_subs)
              order by ss.sort_order, ss.id limit 1) end, w.w_subSpecialty),
          (case physicians.board_status when 'board-certified' then 'Board certified' end, w.w_board),
          (case when physicians.board_status not in ('board-certified', 'not-board-certified') and w.board_eligible > 0
            then 'Board eligible' end, w.w_board * w.board_eligible),
          (case when physicians.board_status not in ('board-certified', 'not-board-certified') and w.board_eligible = 0
            then 'Board eligible, not yet certified' end, -w.w_board),
          (case physicians.board_status when 'not-board-certified' then 'Not board certified' end, -w.w_board),
          (case when w.min_experience <= 0 or physicians.years_of_experience >= w.min_experience then
            physicians.years_of_experience || case physicians.years_of_experience when 1 then ' year' else ' years' end
              || ' of experience' end, w.w_experience * ${FRACTIONS.experience}),
          (case when w.min_experience > 0 and physicians.years_of_experience < w.min_experience then
            physicians.years_of_experience || case physicians.years_of_experience when 1 then ' year' else ' years' end
              || ' of experience, ' || w.min_experience || ' asked' end, -w.w_experience),
          ('Available ' || greatest(physicians.year_available, ${thisYear}::int),
            case when physicians.year_available <= w.target_year + 1 then w.w_availability * ${FRACTIONS.availability}
              else -w.w_availability end),
          (case when physicians.needs_visa then 'Needs visa sponsorship' end,
            case when w.experience_choice = 'a' then 0 else -w.w_availability / 2 end),
          (case when nearest.kind = 'city_of_interest' and nearest.miles < ${DISTANCE_HORIZON_MILES} then
              'Wants to work in ' || nearest.description
            when nearest.miles < 1 then 'Lives less than a mile away'
            when nearest.miles < ${DISTANCE_HORIZON_MILES} then
              'Lives ' || round(nearest.miles) || case when round(nearest.miles) = 1 then ' mile' else ' miles' end || ' away'
            end, w.w_location * (1 - nearest.miles / ${DISTANCE_HORIZON_MILES})),
          ((select 'Wants to work in ' || state from unnest(physicians.states_of_interest) state
            where state = any(w.job_states)
              and not (nearest.kind = 'city_of_interest' and nearest.miles < ${DISTANCE_HORIZON_MILES})
            order by state limit 1), w.w_location * w.relocation_credit),
          ((select 'Open to ' || lower(left(ev.title, 1)) || substr(ev.title, 2) from enum_values ev
            where ev.kind = 'employmentType' and ev.id = w.employment_type and w.employment_type = any(physicians.employment_types)),
            w.w_employmentType)
        ) as reason(text, points)
        where reason.text is not null
        order by reason.points desc, reason.text
      ) as reasons
    from w
    cross join (select 1) as one
    left join (page join physicians on physicians.id = page.id) on true
    left join lateral ${sql.raw(NEAREST_PLACE)} as nearest on page.id is not null
    order by page.score desc, page.id
  `);
  const rows = rowsOf<{ total: number; id: string | null; score: number | null; reasons: string[] | null }>(
    result,
  );
  return {
    total: rows[0]?.total ?? 0,
    physicians: rows.flatMap((row) =>
      row.id === null ? [] : [{ physicianId: row.id, score: Number(row.score), reasons: row.reasons ?? [] }],
    ),
  };
}

/** The rows of `db.execute` (postgres.js answers them as an array). */
function rowsOf<T>(result: unknown): T[] {
  return result as T[];
}
