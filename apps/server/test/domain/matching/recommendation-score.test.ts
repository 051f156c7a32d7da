import type { TCandidatePreferences, TPreferenceProbe } from '@medhire/contract/account';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/db/index.ts';
import { organizations, users } from '../../../src/db/schema/accounts.ts';
import { jobs } from '../../../src/db/schema/jobs.ts';
import { physicianPlaces, physicians } from '../../../src/db/schema/physicians.ts';
import { POOL_PER_LOCATION, rankPhysiciansForJob } from '../../../src/domain/matching/rank-physicians.ts';
import { PROBE_SHIFTS, SCORE_PARTS, weightsFor } from '../../../src/domain/matching/score-weights.ts';
import { buildTestApp } from '../../helper.ts';
import { AUSTIN, insertPhysician, milesNorthOf, type PhysicianRowInput } from './physician-rows.ts';

const NOW = new Date('2026-06-01T12:00:00Z');
const SPORTS = 'family-medicine--sports-medicine';
const GERIATRIC = 'family-medicine--geriatric-medicine';

let app: FastifyInstance;
let db: Db;

beforeAll(async () => {
  app = await buildTestApp();
  db = app.db;
});
afterAll(async () => {
  await app.close();
});

interface ScenarioOptions {
  /** The state of the job's locations. */
  state: string;
  subSpecialtyIds?: string[];
  employmentType?: string;
  preferences?: TCandidatePreferences | null;
  probes?: TPreferenceProbe[];
  /** Where the job's locations are; one at HOME by default. */
  places?: { latitude: number; longitude: number }[];
}

/** An organisation whose employer has these preferences and answers, with one family medicine job in `state`. */
async function scenario(options: ScenarioOptions) {
  // The pool is the physicians nearest to the job, wherever they are: a scenario starts with
  // nobody else's physicians, so its pool holds only its own.
  await db.delete(physicians);
  const [organization] = await db
    .insert(organizations)
    .values({ name: `Clinic of ${options.state}`, status: 'active' })
    .returning({ id: organizations.id });
  const organizationId = organization?.id ?? '';
  const [employer] = await db
    .insert(users)
    .values({
      email: `hiring-${options.state.toLowerCase()}-${Date.now()}@clinic.example`,
      role: 'employer',
      accountStatus: 'approved',
      organizationId,
      candidatePreferences: options.preferences ?? null,
      preferenceProbes: options.probes ?? [],
    })
    .returning({ id: users.id });
  const [job] = await db
    .insert(jobs)
    .values({
      organizationId,
      createdByUserId: employer?.id,
      title: 'Family Physician',
      specialtyId: 'family-medicine',
      subSpecialtyIds: options.subSpecialtyIds ?? [],
      employmentType: options.employmentType ?? 'full-time',
      locations: (options.places ?? [HOME]).map((coords) => ({
        city: 'Clinic',
        state: options.state,
        description: `Clinic, ${options.state}`,
        coords,
      })),
    })
    .returning({ id: jobs.id });
  const jobId = job?.id ?? '';
  /** A physician of this scenario: lives at the job, fits every default preference. */
  const physician = (input: PhysicianRowInput = {}) =>
    insertPhysician(db, {
      homeState: options.state,
      homeDescription: `Clinic, ${options.state}`,
      homeLatitude: HOME.latitude,
      homeLongitude: HOME.longitude,
      yearAvailable: 2026,
      ...input,
    });
  const rank = (limit = 50, offset = 0) =>
    rankPhysiciansForJob({ db, jobId, organizationId, limit, offset, now: NOW });
  return { jobId, organizationId, physician, rank };
}

const HOME = { latitude: 44.26, longitude: -72.58 };
const DENVER = { latitude: 39.7392, longitude: -104.9903 };

/** A physician with the default (Austin) profile, outside any scenario. */
const physician = (input: PhysicianRowInput = {}) => insertPhysician(db, input);

/** `count` complete family medicine physicians living at `at`, written in two statements. */
async function insertPhysiciansAt(count: number, at: { latitude: number; longitude: number }) {
  await db.execute(sql`
    with accounts as (
      insert into users (email, role, account_status)
      select 'crowd-' || gen_random_uuid() || '@mail.example', 'physician', 'approved'
      from generate_series(1, ${count})
      returning id
    )
    insert into physicians (user_id, first_name, last_name, specialty_id, board_status, years_of_experience,
      year_available, home_state, home_latitude, home_longitude)
    select id, 'Casey', 'Crowd', 'family-medicine', 'board-certified', 12, 2026, 'KS', ${at.latitude}, ${at.longitude}
    from accounts`);
}

const STRICT_PREFERENCES: TCandidatePreferences = {
  subSpecialty: [SPORTS],
  boardCertStatus: 'board-certified',
  minExperience: 5,
  yearAvailableToStart: 2026,
};

describe('recommendation score', () => {
  it('ranks a perfect match above a partial one, with full marks for the perfect one', async () => {
    const { physician, rank } = await scenario({ state: 'VT', preferences: STRICT_PREFERENCES });
    const partial = await physician({
      subSpecialtyIds: [GERIATRIC],
      boardStatus: 'board-eligible',
      yearsOfExperience: 2,
      yearAvailable: 2028,
      ...milesNorthOf(HOME, 300),
      employmentTypes: ['part-time'],
    });
    const perfect = await physician({ subSpecialtyIds: [SPORTS], yearsOfExperience: 12 });
    const ranking = await rank();
    expect(ranking.physicians.map((ranked) => ranked.physicianId)).toEqual([perfect, partial]);
    expect(ranking.total).toBe(2);
    expect(ranking.physicians[0]?.score).toBe(100);
    expect(ranking.physicians[1]?.score).toBeLessThan(30);
  });

  it('explains the score in words, best reasons first and shortcomings last', async () => {
    const { physician, rank } = await scenario({ state: 'ME', preferences: STRICT_PREFERENCES });
    await physician({ subSpecialtyIds: [SPORTS], yearsOfExperience: 12, employmentTypes: ['full-time'] });
    await physician({
      lastName: 'Far',
      boardStatus: 'not-board-certified',
      yearsOfExperience: 1,
      needsVisa: true,
      homeState: 'NH',
      ...milesNorthOf(HOME, 40),
      statesOfInterest: ['ME'],
    });
    const [best, second] = (await rank()).physicians;
    expect(best?.reasons).toEqual([
      'Board certified',
      'Lives less than a mile away',
      'Sub-specialty: Sports Medicine',
      '12 years of experience',
      'Available 2026',
      'Open to full-time',
    ]);
    expect(second?.reasons).toEqual([
      'Lives 40 miles away',
      'Open to full-time',
      'Wants to work in ME',
      'Available 2026',
      'Needs visa sponsorship',
      '1 year of experience, 5 asked',
      'Not board certified',
    ]);
  });

  it('lowers a physician without board certification when the employer requires it', async () => {
    const required = await scenario({ state: 'NH', preferences: { boardCertStatus: 'board-certified' } });
    const certified = await required.physician({ boardStatus: 'board-certified' });
    const eligible = await required.physician({ boardStatus: 'board-eligible' });
    const notCertified = await required.physician({ boardStatus: 'not-board-certified' });
    const ranking = await required.rank();
    const scoreOf = (id: string) =>
      ranking.physicians.find((ranked) => ranked.physicianId === id)?.score ?? -1;
    expect(ranking.physicians[0]?.physicianId).toBe(certified);
    expect(scoreOf(certified) - scoreOf(eligible)).toBe(20);
    expect(scoreOf(eligible)).toBe(scoreOf(notCertified));
    expect(ranking.physicians.find((ranked) => ranked.physicianId === eligible)?.reasons).toContain(
      'Board eligible, not yet certified',
    );

    // Without the requirement, eligibility still counts for most of the part.
    const open = await scenario({ state: 'RI', preferences: {} });
    const openCertified = await open.physician({ boardStatus: 'board-certified' });
    const openEligible = await open.physician({ boardStatus: 'board-eligible' });
    const openNot = await open.physician({ boardStatus: 'not-board-certified' });
    const openRanking = await open.rank();
    expect(openRanking.physicians.map((ranked) => ranked.physicianId)).toEqual([
      openCertified,
      openEligible,
      openNot,
    ]);
    const openScores = openRanking.physicians.map((ranked) => ranked.score);
    expect(openScores[0] ?? 0).toBeGreaterThan(openScores[1] ?? 0);
    expect((openScores[0] ?? 0) - (openScores[1] ?? 0)).toBeLessThan(20);
  });

  it('is monotone in distance: 10, 100 and 400 miles away rank in that order', async () => {
    const { physician, rank } = await scenario({ state: 'DE' });
    const far = await physician(milesNorthOf(HOME, 400));
    const near = await physician(milesNorthOf(HOME, 10));
    const middle = await physician(milesNorthOf(HOME, 100));
    const beyond = await physician(milesNorthOf(HOME, 700));
    const ranking = await rank();
    expect(ranking.physicians.map((ranked) => ranked.physicianId)).toEqual([near, middle, far, beyond]);
    const scores = ranking.physicians.map((ranked) => ranked.score);
    expect(new Set(scores).size).toBe(4);
    expect(ranking.physicians[0]?.reasons).toContain('Lives 10 miles away');
    expect(ranking.physicians[1]?.reasons).toContain('Lives 100 miles away');
    expect(ranking.physicians[2]?.reasons).toContain('Lives 400 miles away');
    expect(ranking.physicians[3]?.reasons.some((reason) => reason.startsWith('Lives'))).toBe(false);
  });

  it('measures from the nearest of many job locations', async () => {
    const places = [100, 200, 300, 400, 500, 30].map((miles) => {
      const { homeLatitude, homeLongitude } = milesNorthOf(HOME, -miles);
      return { latitude: homeLatitude, longitude: homeLongitude };
    });
    const { physician, rank } = await scenario({ state: 'CT', places });
    await physician();
    expect((await rank()).physicians[0]?.reasons).toContain('Lives 30 miles away');
  });

  it('counts sub-specialty fit against the job’s and the preferences’ sub-specialties', async () => {
    const { physician, rank } = await scenario({
      state: 'WY',
      subSpecialtyIds: [GERIATRIC],
      preferences: { subSpecialty: [SPORTS] },
    });
    const other = await physician({ subSpecialtyIds: ['family-medicine--sleep-medicine'] });
    const sports = await physician({ subSpecialtyIds: [SPORTS] });
    const none = await physician({ subSpecialtyIds: [] });
    const geriatric = await physician({ subSpecialtyIds: [GERIATRIC] });
    const ranking = await rank();
    const ids = ranking.physicians.map((ranked) => ranked.physicianId);
    expect(ids.slice(0, 2).sort()).toEqual([sports, geriatric].sort());
    expect(ids.slice(2)).toEqual([none, other]);
    expect(ranking.physicians.find((ranked) => ranked.physicianId === geriatric)?.reasons).toContain(
      'Sub-specialty: Geriatric Medicine',
    );
  });

  it('draws the pool from complete, discoverable physicians of the job’s specialty, nearest first', async () => {
    const { physician, rank } = await scenario({ state: 'MT' });
    const inState = await physician();
    const wantsState = await physician({
      homeState: 'ID',
      statesOfInterest: ['MT'],
      ...milesNorthOf(HOME, 900),
    });
    const farAway = await physician({
      homeState: 'ND',
      statesOfInterest: ['SD'],
      ...milesNorthOf(HOME, 1500),
    });
    await physician({ specialtyId: 'pediatrics' });
    await physician({ isDiscoverable: false });
    await physician({ boardStatus: null });
    await physician({ yearsOfExperience: null });
    const ranking = await rank();
    expect(ranking.total).toBe(3);
    expect(ranking.physicians.map((ranked) => ranked.physicianId)).toEqual([inState, wantsState, farAway]);
    expect(ranking.physicians[1]?.reasons).toContain('Wants to work in MT');
    expect(ranking.physicians[2]?.reasons.some((reason) => reason.startsWith('Wants to work'))).toBe(false);
  });

  it(`takes the ${POOL_PER_LOCATION} nearest physicians of each job location into the pool`, async () => {
    const far = { latitude: HOME.latitude - 8, longitude: HOME.longitude };
    const { physician, rank } = await scenario({ state: 'KS' });
    await insertPhysiciansAt(POOL_PER_LOCATION, HOME);
    await physician(milesNorthOf(HOME, 300));
    const alone = await rank(1);
    expect(alone.total).toBe(POOL_PER_LOCATION);

    // A second location far to the south brings in the one physician living there, not the one
    // 300 miles north: for that location the crowd is nearer.
    const two = await scenario({ state: 'KS', places: [HOME, far] });
    await insertPhysiciansAt(POOL_PER_LOCATION, HOME);
    const outside = await two.physician(milesNorthOf(HOME, 300));
    const nearSecond = await two.physician({ homeLatitude: far.latitude, homeLongitude: far.longitude });
    const both = await two.rank(POOL_PER_LOCATION + 1);
    expect(both.total).toBe(POOL_PER_LOCATION + 1);
    expect(both.physicians.map((ranked) => ranked.physicianId)).toContain(nearSecond);
    expect(both.physicians.map((ranked) => ranked.physicianId)).not.toContain(outside);
  });

  it('counts a city of interest near the job like a home there: in the pool and ranked by that distance', async () => {
    const { physician, rank } = await scenario({ state: 'NH' });
    const near = milesNorthOf(HOME, 20);
    const lives20 = await physician(near);
    const lives100 = await physician(milesNorthOf(HOME, 100));
    const wants20 = await physician({
      homeState: 'FL',
      homeDescription: 'Miami, FL',
      homeLatitude: 25.76,
      homeLongitude: -80.19,
      citiesOfInterest: [
        { description: 'Miami Beach, FL', coords: { latitude: 25.79, longitude: -80.13 } },
        {
          description: 'Concord, NH',
          coords: { latitude: near.homeLatitude, longitude: near.homeLongitude },
        },
      ],
    });
    const ranking = await rank();
    expect(ranking.total).toBe(3);
    const byId = new Map(ranking.physicians.map((ranked) => [ranked.physicianId, ranked]));
    expect(byId.get(wants20)?.score).toBe(byId.get(lives20)?.score);
    expect(byId.get(wants20)?.score).toBeGreaterThan(byId.get(lives100)?.score ?? 100);
    expect(byId.get(wants20)?.reasons).toContain('Wants to work in Concord, NH');
    expect(byId.get(wants20)?.reasons.some((reason) => reason.startsWith('Lives'))).toBe(false);
    expect(byId.get(lives20)?.reasons).toContain('Lives 20 miles away');
  });

  it('pages deterministically, ties broken by id, with the pool total on every page', async () => {
    const { physician, rank } = await scenario({ state: 'AK' });
    const ids = [];
    for (let index = 0; index < 5; index += 1) ids.push(await physician());
    const sorted = [...ids].sort();
    const first = await rank(2, 0);
    const third = await rank(2, 4);
    const beyond = await rank(2, 10);
    expect(first.physicians.map((ranked) => ranked.physicianId)).toEqual(sorted.slice(0, 2));
    expect(third.physicians.map((ranked) => ranked.physicianId)).toEqual(sorted.slice(4));
    expect(beyond).toEqual({ total: 5, physicians: [] });
  });

  it('ranks nobody for another organisation’s job', async () => {
    const { jobId, physician } = await scenario({ state: 'HI' });
    await physician();
    const other = await scenario({ state: 'SD' });
    const ranking = await rankPhysiciansForJob({
      db,
      jobId,
      organizationId: other.organizationId,
      limit: 10,
      offset: 0,
    });
    expect(ranking).toEqual({ total: 0, physicians: [] });
  });
});

describe('physician places (kept by the database on every write of a profile)', () => {
  const placesOf = (physicianId: string) =>
    db
      .select({
        kind: physicianPlaces.kind,
        specialtyId: physicianPlaces.specialtyId,
        location: physicianPlaces.location,
      })
      .from(physicianPlaces)
      .where(eq(physicianPlaces.physicianId, physicianId))
      .orderBy(physicianPlaces.kind);

  it('gives a complete, discoverable profile its home and cities of interest as places', async () => {
    const id = await physician({ citiesOfInterest: [{ description: 'Denver, CO', coords: DENVER }] });
    expect(await placesOf(id)).toEqual([
      {
        kind: 'city_of_interest',
        specialtyId: 'family-medicine',
        location: { x: DENVER.longitude, y: DENVER.latitude },
      },
      { kind: 'home', specialtyId: 'family-medicine', location: { x: AUSTIN.longitude, y: AUSTIN.latitude } },
    ]);
  });

  it('gives an incomplete or hidden profile no places', async () => {
    for (const input of [
      { isDiscoverable: false },
      { specialtyId: null },
      { boardStatus: null },
      { yearsOfExperience: null },
      { yearAvailable: null },
      { homeState: null, homeLatitude: null, homeLongitude: null },
    ]) {
      expect(await placesOf(await physician(input)), JSON.stringify(input)).toEqual([]);
    }
  });

  it('moves the places when the profile changes, and removes them when it is hidden', async () => {
    const id = await physician({
      boardStatus: null,
      citiesOfInterest: [{ description: 'Denver, CO', coords: DENVER }],
    });
    expect(await placesOf(id)).toEqual([]);
    await db.update(physicians).set({ boardStatus: 'board-eligible' }).where(eq(physicians.id, id));
    expect(await placesOf(id)).toHaveLength(2);
    await db
      .update(physicians)
      .set({ specialtyId: 'pediatrics', homeLatitude: 39.1, homeLongitude: -94.58, citiesOfInterest: [] })
      .where(eq(physicians.id, id));
    expect(await placesOf(id)).toEqual([
      { kind: 'home', specialtyId: 'pediatrics', location: { x: -94.58, y: 39.1 } },
    ]);
    await db.update(physicians).set({ isDiscoverable: false }).where(eq(physicians.id, id));
    expect(await placesOf(id)).toEqual([]);
  });
});

describe('would-you-rather answers', () => {
  it('local-vs-relocating a weighs distance more: a nearby physician overtakes a closer clinical fit', async () => {
    const setUp = async (state: string, probes: TPreferenceProbe[]) => {
      const { physician, rank } = await scenario({ state, preferences: { subSpecialty: [SPORTS] }, probes });
      const nearby = await physician({ subSpecialtyIds: [GERIATRIC], ...milesNorthOf(HOME, 10) });
      const fitting = await physician({ subSpecialtyIds: [SPORTS], ...milesNorthOf(HOME, 400) });
      const order = (await rank()).physicians.map((ranked) => ranked.physicianId);
      return { order, nearby, fitting };
    };
    const neutral = await setUp('OR', []);
    expect(neutral.order).toEqual([neutral.fitting, neutral.nearby]);
    const local = await setUp('NV', [{ probeId: 'local-vs-relocating', choice: 'a' }]);
    expect(local.order).toEqual([local.nearby, local.fitting]);
  });

  it('experience-vs-availability decides how much a visa need costs', async () => {
    const scoresFor = async (state: string, probes: TPreferenceProbe[]) => {
      const { physician, rank } = await scenario({ state, probes });
      const local = await physician({ needsVisa: false });
      const visa = await physician({ needsVisa: true });
      const ranking = await rank();
      const scoreOf = (id: string) => ranking.physicians.find((ranked) => ranked.physicianId === id)?.score;
      return { local: scoreOf(local) ?? 0, visa: scoreOf(visa) ?? 0 };
    };
    const sponsor = await scoresFor('UT', [{ probeId: 'experience-vs-availability', choice: 'a' }]);
    expect(sponsor.visa).toBe(sponsor.local);
    const neutral = await scoresFor('NM', []);
    const availableNow = await scoresFor('KS', [{ probeId: 'experience-vs-availability', choice: 'b' }]);
    expect(neutral.visa).toBeLessThan(neutral.local);
    expect(availableNow.local - availableNow.visa).toBeGreaterThan(neutral.local - neutral.visa);
  });

  it('keep the weights at 100 points, none negative, for every combination of answers', () => {
    const probeIds = [...new Set(PROBE_SHIFTS.map((shift) => shift.probeId))];
    const combinations = probeIds.reduce<Record<string, 'a' | 'b'>[]>(
      (sets, probeId) =>
        sets.flatMap((set) => [
          set,
          { ...set, [probeId]: 'a' as const },
          { ...set, [probeId]: 'b' as const },
        ]),
      [{}],
    );
    expect(combinations).toHaveLength(3 ** probeIds.length);
    for (const answers of combinations) {
      const weights = weightsFor(answers);
      expect(SCORE_PARTS.reduce((sum, part) => sum + weights[part], 0)).toBe(100);
      for (const part of SCORE_PARTS) expect(weights[part]).toBeGreaterThan(0);
    }
  });
});
