import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/accounts.ts';
import { subscriptions } from '../../src/db/schema/billing.ts';
import { SUBSCRIPTION_RENEWALS_QUEUE } from '../../src/plugins/payments.ts';
import { buildTestApp } from '../helper.ts';
import { createEmployer } from '../routes/employer/auth-kit.ts';
import { subscribeOrganization } from '../routes/employer/subscription-kit.ts';

let app: FastifyInstance;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('the renewal job', () => {
  it('renews a subscription whose period ended when the queue runs the job', async () => {
    const employer = await createEmployer(app, { hasEstablishedProfile: true });
    const [user] = await app.db.select().from(users).where(eq(users.id, employer.id));
    const organizationId = user?.organizationId ?? '';
    await subscribeOrganization(app, organizationId, {
      planId: 'starter',
      now: new Date(Date.now() - 35 * DAY),
    });
    await app.queue.send(SUBSCRIPTION_RENEWALS_QUEUE, {});
    const deadline = Date.now() + 20_000;
    let periodEnd = 0;
    while (Date.now() < deadline) {
      const [row] = await app.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.organizationId, organizationId));
      periodEnd = row?.currentPeriodEnd.getTime() ?? 0;
      if (periodEnd > Date.now()) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(periodEnd).toBeGreaterThan(Date.now());
  });
});
