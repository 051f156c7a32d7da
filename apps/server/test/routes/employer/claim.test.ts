import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, users } from '../../../src/db/schema/accounts.ts';
import { readOutbox } from '../../../src/domain/mail/outbox.ts';
import { DRAFT_ORGANIZATIONS } from '../../../src/seed/draft-organizations.ts';
import { seedDemoData } from '../../../src/seed/index.ts';
import { buildTestApp, createTestDatabase } from '../../helper.ts';
import { createEmployer, PASSWORD, signIn, uniqueEmail, uniqueIp } from './auth-kit.ts';
import { listDraftOrganization, uniqueNpi } from './organization-kit.ts';

const PUBLIC_URL = 'https://hire.medhire.example';
let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp({ publicUrl: PUBLIC_URL });
});
afterAll(async () => {
  await app.close();
});

const claim = (payload: Record<string, unknown>, remoteAddress = uniqueIp(), target = app) =>
  target.inject({ method: 'POST', url: '/api/employer/auth/claim', payload, remoteAddress });

const setPassword = (payload: Record<string, unknown>, target = app) =>
  target.inject({
    method: 'POST',
    url: '/api/employer/auth/set-password',
    payload,
    remoteAddress: uniqueIp(),
  });

/** The set-password link of the newest claim mail to the address, split into its parts. */
async function claimLink(email: string, target = app) {
  const messages = await readOutbox(target.config.dataDir, email);
  const text = messages.at(-1)?.text ?? '';
  const href = /https?:\/\/\S+\/setupPassword\?\S+/.exec(text)?.[0];
  expect(href, `no set-password link was mailed to ${email}`).toBeDefined();
  const url = new URL(href ?? '');
  return { url, email: url.searchParams.get('email') ?? '', token: url.searchParams.get('token') ?? '' };
}

async function organizationStatus(id: string) {
  const [row] = await app.db
    .select({ status: organizations.status })
    .from(organizations)
    .where(eq(organizations.id, id));
  return row?.status;
}

describe('POST /api/employer/auth/claim', () => {
  it('claims a listed organisation by NPI and name; the e-mailed link sets the password and signs in', async () => {
    const listed = await listDraftOrganization(app, { name: 'Cedar Ridge Internal Medicine' });
    const email = uniqueEmail('claimant');
    const response = await claim({
      email,
      npiNumber: listed.npiNumber,
      organization: 'cedar ridge internal medicine, PLLC',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ email });

    const [account] = await app.db.select().from(users).where(eq(users.email, email));
    expect(account).toMatchObject({ accountStatus: 'draft', organizationId: listed.id, passwordHash: null });
    expect(await organizationStatus(listed.id)).toBe('draft');

    const link = await claimLink(email);
    expect(`${link.url.origin}${link.url.pathname}`).toBe(`${PUBLIC_URL}/setupPassword`);
    expect(link.email).toBe(email);

    const before = await app.inject({
      method: 'POST',
      url: '/api/employer/auth/login',
      payload: { email, password: PASSWORD },
      remoteAddress: uniqueIp(),
    });
    expect(before.statusCode).toBe(401);

    const session = await setPassword({ email: link.email, password: PASSWORD, token: link.token });
    expect(session.statusCode, session.body).toBe(200);
    expect(session.json().data).toMatchObject({
      code: 200,
      user: { accountStatus: 'pending', organizationId: listed.id },
    });
    expect(await organizationStatus(listed.id)).toBe('claimed');

    const signedIn = await signIn(app, email);
    expect(signedIn.code).toBe(200);
    expect(signedIn.user.accountStatus).toBe('pending');

    const reused = await setPassword({ email, password: `${PASSWORD}-again`, token: link.token });
    expect(reused.statusCode).toBe(422);
  });

  it('lands on the profile set-up (code 201) when the listing has no location', async () => {
    const listed = await listDraftOrganization(app, { name: 'Blue Harbor Pediatrics', hasLocation: false });
    const email = uniqueEmail('claimant');
    expect(
      (await claim({ email, npiNumber: listed.npiNumber, organization: 'Blue Harbor Pediatrics' }))
        .statusCode,
    ).toBe(200);
    const link = await claimLink(email);
    const session = await setPassword({ email, password: PASSWORD, token: link.token });
    expect(session.json().data.code).toBe(201);
    expect((await signIn(app, email)).code).toBe(201);
  });

  it('refuses an NPI number whose check digit is wrong', async () => {
    const listed = await listDraftOrganization(app);
    const wrongDigit = `${listed.npiNumber.slice(0, 9)}${(Number(listed.npiNumber[9]) + 1) % 10}`;
    const response = await claim({
      email: uniqueEmail('claimant'),
      npiNumber: wrongDigit,
      organization: listed.name,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
    expect(response.json().error.details).toContainEqual(expect.objectContaining({ field: 'npiNumber' }));
  });

  it('names a missing field', async () => {
    const response = await claim({ email: uniqueEmail('claimant'), npiNumber: uniqueNpi() });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toContainEqual(expect.objectContaining({ field: 'organization' }));
  });

  it('finds nothing when the NPI or the name does not match a listing', async () => {
    const listed = await listDraftOrganization(app, { name: 'Sonoran Desert Cardiology Associates' });
    for (const body of [
      { npiNumber: uniqueNpi(), organization: listed.name },
      { npiNumber: listed.npiNumber, organization: 'Sonoran Desert Cardiology' },
    ]) {
      const response = await claim({ email: uniqueEmail('claimant'), ...body });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(
        'We could not find an unclaimed organization with that name and NPI.',
      );
    }
  });

  it('refuses an organisation that is already claimed', async () => {
    const listed = await listDraftOrganization(app, { name: 'Prairie View Community Health Center' });
    await app.db.update(organizations).set({ status: 'claimed' }).where(eq(organizations.id, listed.id));
    const response = await claim({
      email: uniqueEmail('claimant'),
      npiNumber: listed.npiNumber,
      organization: listed.name,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(
      'This organization has already been claimed. Sign in or recover your password.',
    );
  });

  it('refuses an e-mail that already has an account', async () => {
    const listed = await listDraftOrganization(app);
    const existing = await createEmployer(app);
    const response = await claim({
      email: existing.email,
      npiNumber: listed.npiNumber,
      organization: listed.name,
    });
    expect(response.statusCode).toBe(409);
    expect(await organizationStatus(listed.id)).toBe('draft');
  });

  it('sends a fresh link when the same claimant claims again before setting a password', async () => {
    const listed = await listDraftOrganization(app);
    const email = uniqueEmail('claimant');
    const body = { email, npiNumber: listed.npiNumber, organization: listed.name };
    expect((await claim(body)).statusCode).toBe(200);
    const first = await claimLink(email);
    expect((await claim(body)).statusCode).toBe(200);
    const second = await claimLink(email);
    expect(second.token).not.toBe(first.token);
    expect(await app.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('lets the first claimant to set a password win; the other claim is withdrawn', async () => {
    const listed = await listDraftOrganization(app, { name: 'Great Lakes Orthopedic & Spine' });
    const winner = uniqueEmail('winner');
    const loser = uniqueEmail('loser');
    expect(
      (await claim({ email: winner, npiNumber: listed.npiNumber, organization: listed.name })).statusCode,
    ).toBe(200);
    expect(
      (
        await claim({
          email: loser,
          npiNumber: listed.npiNumber,
          organization: 'Great Lakes Orthopedic and Spine',
        })
      ).statusCode,
    ).toBe(200);
    const loserLink = await claimLink(loser);
    const winnerLink = await claimLink(winner);

    expect(
      (await setPassword({ email: winner, password: PASSWORD, token: winnerLink.token })).statusCode,
    ).toBe(200);
    const late = await setPassword({ email: loser, password: PASSWORD, token: loserLink.token });
    expect(late.statusCode).toBe(422);
    expect(await app.db.select().from(users).where(eq(users.email, loser))).toEqual([]);
    const again = await claim({ email: loser, npiNumber: listed.npiNumber, organization: listed.name });
    expect(again.statusCode).toBe(409);
  });

  it('limits claims per e-mail and per address', async () => {
    const listed = await listDraftOrganization(app);
    const email = uniqueEmail('claimant');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      statuses.push((await claim({ email, npiNumber: uniqueNpi(), organization: listed.name })).statusCode);
    }
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429]);

    const address = uniqueIp();
    const perAddress: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const response = await claim(
        { email: uniqueEmail('claimant'), npiNumber: uniqueNpi(), organization: listed.name },
        address,
      );
      perAddress.push(response.statusCode);
    }
    expect(perAddress.slice(0, 10).every((status) => status === 404)).toBe(true);
    expect(perAddress[10]).toBe(429);
  });
});

describe('the demo directory', () => {
  // Seeding the whole demo data set takes seconds, more on a busy machine.
  it('lists claimable practices with valid NPI numbers, and one can be claimed', {
    timeout: 120_000,
  }, async () => {
    const database = await createTestDatabase();
    const demo = await buildTestApp({ demoData: true, publicUrl: PUBLIC_URL }, { database });
    try {
      await seedDemoData(demo);
      const drafts = await demo.db.select().from(organizations).where(eq(organizations.status, 'draft'));
      expect(drafts.map((row) => row.npiNumber).sort()).toEqual(
        DRAFT_ORGANIZATIONS.map((organization) => organization.npiNumber).sort(),
      );
      expect(drafts.length).toBeGreaterThanOrEqual(6);

      const listing = DRAFT_ORGANIZATIONS[1];
      if (!listing) throw new Error('The demo directory is empty.');
      const email = uniqueEmail('demo-claimant');
      const response = await claim(
        { email, npiNumber: listing.npiNumber, organization: listing.name },
        uniqueIp(),
        demo,
      );
      expect(response.statusCode, response.body).toBe(200);
      const link = await claimLink(email, demo);
      const session = await setPassword({ email, password: PASSWORD, token: link.token }, demo);
      expect(session.json().data.code).toBe(200);
    } finally {
      await demo.close();
    }
  });
});
