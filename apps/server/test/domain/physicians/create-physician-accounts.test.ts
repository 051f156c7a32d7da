import { PHYSICIAN_MESSAGES } from '@medhire/contract/physicians';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../../src/db/schema/accounts.ts';
import { physicians } from '../../../src/db/schema/physicians.ts';
import {
  createPhysicianAccounts,
  type NewPhysicianInput,
} from '../../../src/domain/physicians/create-physician-accounts.ts';
import { computeMatchKeys } from '../../../src/domain/physicians/physician-profile.ts';
import { getTestDatabase } from '../../helper.ts';

describe('computeMatchKeys', () => {
  it('keys the specialty with the home state and every state of interest, each once', () => {
    expect(computeMatchKeys('psychiatry', 'tx', ['CO', 'TX', 'wa'])).toEqual([
      'psychiatry:TX',
      'psychiatry:CO',
      'psychiatry:WA',
    ]);
    expect(computeMatchKeys('psychiatry', null, [])).toEqual([]);
    expect(computeMatchKeys(null, 'TX', ['CO'])).toEqual([]);
  });
});

describe('createPhysicianAccounts', () => {
  function input(index: number, run: string): NewPhysicianInput {
    return {
      email: `Batch-${run}-${index}@Physicians.Example`,
      firstName: `Jordan${index}`,
      lastName: 'Reyes',
      specialty: index % 2 === 0 ? 'family-medicine' : 'psychiatry',
      boardStatus: 'board-certified',
      yearsOfExperience: index % 30,
      yearAvailableToStart: 2026,
      homeLocation: {
        description: 'Austin, TX',
        coords: { latitude: 30.27, longitude: -97.74 },
        state: 'TX',
      },
      statesOfInterest: ['CO'],
      createdAt: new Date(Date.UTC(2026, 0, 1 + (index % 50))),
    };
  }

  it('creates 2,000 approved physician accounts in batches, quickly, answering ids in input order', async () => {
    const { db } = await getTestDatabase();
    const run = Date.now().toString(36);
    const inputs = Array.from({ length: 2000 }, (_, index) => input(index, run));
    const started = performance.now();
    const created = await db.transaction((tx) =>
      createPhysicianAccounts({ db: tx, physicians: inputs, passwordHash: null }),
    );
    const elapsedMs = performance.now() - started;
    expect(created).toHaveLength(2000);
    // Seconds on an idle machine; the bound only catches a return to row-by-row inserts.
    expect(elapsedMs).toBeLessThan(30_000);

    const sample = [0, 1, 999, 1999].map((index) => created[index]);
    const rows = await db
      .select({ physician: physicians, user: users })
      .from(physicians)
      .innerJoin(users, eq(users.id, physicians.userId))
      .where(
        inArray(
          physicians.id,
          sample.map((entry) => entry?.physicianId ?? ''),
        ),
      );
    const byId = new Map(rows.map((row) => [row.physician.id, row]));
    for (const index of [0, 1, 999, 1999]) {
      const entry = created[index];
      const row = byId.get(entry?.physicianId ?? '');
      expect(row?.user.id).toBe(entry?.userId);
      expect(row?.user).toMatchObject({
        email: `batch-${run}-${index}@physicians.example`,
        role: 'physician',
        accountStatus: 'approved',
        createdAt: inputs[index]?.createdAt,
        emailVerifiedAt: inputs[index]?.createdAt,
      });
      expect(row?.physician).toMatchObject({
        firstName: `Jordan${index}`,
        searchName: `jordan${index} reyes`,
        homeState: 'TX',
        matchKeys: computeMatchKeys(inputs[index]?.specialty, 'TX', ['CO']),
        createdAt: inputs[index]?.createdAt,
      });
    }
  }, 60_000);

  it('refuses a batch with a taken e-mail as a whole when run in a transaction', async () => {
    const { db } = await getTestDatabase();
    const run = `dup-${Date.now().toString(36)}`;
    await createPhysicianAccounts({ db, physicians: [input(1, run)], passwordHash: null });
    const batch = [input(2, run), input(1, run)];
    await expect(
      db.transaction((tx) => createPhysicianAccounts({ db: tx, physicians: batch, passwordHash: null })),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: PHYSICIAN_MESSAGES.emailTaken });
    const left = await db
      .select()
      .from(users)
      .where(eq(users.email, `batch-${run}-2@physicians.example`));
    expect(left).toHaveLength(0);
  });
});
