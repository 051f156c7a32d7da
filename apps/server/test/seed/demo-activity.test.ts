import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/accounts.ts';
import { activityLog } from '../../src/db/schema/team.ts';
import { DEMO_EMPLOYER_EMAIL } from '../../src/seed/demo-employer.ts';
import { seedDemoData } from '../../src/seed/index.ts';
import { buildTestApp, createTestDatabase } from '../helper.ts';

const NOW = new Date('2026-11-20T15:00:00Z');
const DAY_MS = 24 * 60 * 60_000;

describe('the demo organisation’s activity log', () => {
  let app: FastifyInstance;
  let entries: (typeof activityLog.$inferSelect)[];
  let ownerId: string;

  beforeAll(async () => {
    app = await buildTestApp({ demoData: true }, { database: await createTestDatabase() });
    await seedDemoData(app, { now: NOW });
    const [owner] = await app.db.select().from(users).where(eq(users.email, DEMO_EMPLOYER_EMAIL));
    ownerId = owner?.id ?? '';
    entries = await app.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.organizationId, owner?.organizationId ?? ''))
      .orderBy(asc(activityLog.createdAt));
  }, 120_000);

  afterAll(async () => {
    await app.close();
  });

  it('holds the entries the seeding’s own changes wrote: jobs, pipeline moves, invites and the plan', () => {
    const types = new Set(entries.map((entry) => entry.type));
    for (const type of [
      'job.created',
      'job.status_changed',
      'pipeline.moved',
      'invite.sent',
      'plan.changed',
    ]) {
      expect(types, type).toContain(type);
    }
    expect(entries.find((entry) => entry.type === 'plan.changed')?.summary).toBe(
      'Subscribed to Professional (monthly)',
    );
    expect(entries.find((entry) => entry.type === 'pipeline.moved')?.summary).toMatch(
      /^Moved Dr\. .+ to \w+ on “.+”$/,
    );
    expect(entries.filter((entry) => entry.actorUserId === ownerId).length).toBeGreaterThan(10);
  });

  it('spreads them over past weeks, never after the seeding moment', () => {
    const times = entries.map((entry) => entry.createdAt.getTime());
    expect(Math.max(...times)).toBeLessThanOrEqual(NOW.getTime());
    expect(Math.min(...times)).toBeLessThan(NOW.getTime() - 30 * DAY_MS);
    const weeks = new Set(times.map((time) => Math.floor((NOW.getTime() - time) / (7 * DAY_MS))));
    expect(weeks.size).toBeGreaterThanOrEqual(4);
  });
});
