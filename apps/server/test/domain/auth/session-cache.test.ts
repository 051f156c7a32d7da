import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hashToken } from '../../../src/domain/auth/secret-token.ts';
import {
  createSessionCache,
  ENTRY_TTL_MS,
  FORGET_EVERYONE,
  SESSION_CACHE_CHANNEL,
  type SessionCache,
} from '../../../src/domain/auth/session-cache.ts';
import type { ActiveSession } from '../../../src/domain/auth/sessions.ts';
import { buildTestApp } from '../../helper.ts';
import { callApi, employerAndPhysicianInConversation } from '../../routes/employee/physician-kit.ts';
import { setAccountStatus, signedInEmployer, signIn } from '../../routes/employer/auth-kit.ts';
import { profileBody } from '../../routes/employer/organization-kit.ts';
import { enrolTotp } from '../../routes/employer/second-factor-kit.ts';
import { addMember, callTeam, teamOwner } from '../../routes/employer/team-kit.ts';

/**
 * Every authenticated route answers its session from the instance's session cache
 * (domain/auth/session-cache.ts). Whatever ends a session or changes its account must still take
 * effect at the next request: on this instance at once, on any instance once the database's
 * notification arrives, and never later because a notification was missed.
 */

function activeSession(userId: string): ActiveSession {
  return {
    session: { id: randomUUID(), userId, lastSeenAt: new Date() },
    user: { id: userId },
    physicianId: null,
  } as unknown as ActiveSession;
}

describe('session cache', () => {
  let cache: SessionCache;
  beforeEach(() => {
    cache = createSessionCache();
  });
  afterEach(() => {
    cache.dispose();
  });

  it('serves an entry only while listening, and forgets a user on notice', () => {
    const now = Date.now();
    cache.store('a', activeSession('user-1'), cache.ticket(), now);
    expect(cache.get('a', now)).toBeUndefined();

    cache.setListening(true);
    cache.store('a', activeSession('user-1'), cache.ticket(), now);
    cache.store('b', activeSession('user-1'), cache.ticket(), now);
    cache.store('c', activeSession('user-2'), cache.ticket(), now);
    expect(cache.get('a', now)?.user.id).toBe('user-1');

    cache.forgetUser('user-1');
    expect(cache.get('a', now)).toBeUndefined();
    expect(cache.get('b', now)).toBeUndefined();
    expect(cache.get('c', now)?.user.id).toBe('user-2');

    cache.forgetUser(FORGET_EVERYONE);
    expect(cache.get('c', now)).toBeUndefined();
  });

  it('does not keep what a lookup read while a change was announced', () => {
    cache.setListening(true);
    const now = Date.now();
    const ticket = cache.ticket();
    // The database answered with the session as it was; the sign-out committed meanwhile.
    cache.forgetUser('someone-else-or-this-user');
    cache.store('a', activeSession('user-1'), ticket, now);
    expect(cache.get('a', now)).toBeUndefined();
    // The listening connection dropped and came back: what was read before is not kept either.
    const beforeDrop = cache.ticket();
    cache.setListening(false);
    cache.setListening(true);
    cache.store('a', activeSession('user-1'), beforeDrop, now);
    expect(cache.get('a', now)).toBeUndefined();
  });

  it('answers an entry for a minute at most', () => {
    cache.setListening(true);
    const now = Date.now();
    cache.store('a', activeSession('user-1'), cache.ticket(), now);
    expect(cache.get('a', now + ENTRY_TTL_MS)).toBeDefined();
    expect(cache.get('a', now + ENTRY_TTL_MS + 1)).toBeUndefined();
  });
});

describe('sending with a cached session', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    // A test below turns a trigger off; never leave it off for the rest of the file.
    await app.db.execute(sql`alter table sessions enable trigger sessions_session_cache_update`);
    await app.db.execute(sql`alter table users enable trigger users_session_cache_update`);
    await app.close();
  });

  function sendAsEmployer(token: string, conversationId: string) {
    return callApi(app, 'POST', `/api/employer/conversation/send-message/${conversationId}`, token, {
      body: 'Are you free on Thursday?',
      tempMsgId: randomUUID(),
    });
  }

  function sendAsPhysician(token: string, conversationId: string) {
    return callApi(app, 'POST', `/api/employee/conversation/send-message/${conversationId}`, token, {
      body: 'Thursday works.',
      tempMsgId: randomUUID(),
    });
  }

  /**
   * What the database announces on the cache's channel while `change` runs: everything up to a
   * marker sent after it (notifications arrive in commit order).
   */
  async function announcedDuring(change: () => Promise<unknown>): Promise<string[]> {
    const heard: string[] = [];
    let markerHeard: () => void = () => {};
    const marker = new Promise<void>((resolve) => {
      markerHeard = resolve;
    });
    const stop = await app.database.listen(
      SESSION_CACHE_CHANNEL,
      (payload) => (payload === 'marker' ? markerHeard() : heard.push(payload)),
      () => {},
    );
    try {
      await change();
      await app.db.execute(sql`select pg_notify(${SESSION_CACHE_CHANNEL}, 'marker')`);
      await marker;
      return heard;
    } finally {
      await stop();
    }
  }

  it('is told by the database whose sessions changed, and only then', async () => {
    const { employer } = await employerAndPhysicianInConversation(app);
    const tokenHash = hashToken(employer.token);

    expect(
      await announcedDuring(() =>
        app.db.execute(sql`update sessions set last_seen_at = now() where token_hash = ${tokenHash}`),
      ),
    ).toEqual([]);
    expect(
      await announcedDuring(() =>
        app.db.execute(sql`update users set full_name = 'Dana Reyes' where id = ${employer.id}`),
      ),
    ).toEqual([employer.id]);
    // What the session proves: its factors, its last second step, an enrolment hold.
    for (const change of [
      sql`factors = array_append(factors, 'totp')`,
      sql`second_factor_at = now()`,
      sql`enrolment_required = true`,
    ]) {
      expect(
        await announcedDuring(() =>
          app.db.execute(sql`update sessions set ${change} where token_hash = ${tokenHash}`),
        ),
      ).toEqual([employer.id]);
    }
    // Setting what is already there changes nothing, and says nothing.
    expect(
      await announcedDuring(() =>
        app.db.execute(sql`update sessions set enrolment_required = true where token_hash = ${tokenHash}`),
      ),
    ).toEqual([]);
    expect(await announcedDuring(() => revokeInDatabase(employer.token))).toEqual([employer.id]);
    expect(
      await announcedDuring(() => app.db.execute(sql`delete from sessions where token_hash = ${tokenHash}`)),
    ).toEqual([employer.id]);
  });

  it('is told to forget everyone when one statement changes more than a thousand users', async () => {
    await app.db.execute(
      sql`insert into users (email, account_status, role)
          select 'bulk-' || g || '@bulk.medhire.example', 'approved', 'physician' from generate_series(1, 1001) g`,
    );
    expect(
      await announcedDuring(() =>
        app.db.execute(sql`update users set updated_at = now() where email like '%@bulk.medhire.example'`),
      ),
    ).toEqual([FORGET_EVERYONE]);
    expect(
      await announcedDuring(() =>
        app.db.execute(sql`delete from users where email like '%@bulk.medhire.example'`),
      ),
    ).toEqual([FORGET_EVERYONE]);
  });

  /** Ends the session in the database directly, the way another instance's sign-out would. */
  async function revokeInDatabase(token: string) {
    await app.db.execute(sql`update sessions set revoked_at = now() where token_hash = ${hashToken(token)}`);
  }

  /** Polls a call until it answers `status` (a notification from the database is on its way). */
  async function answersSoon(send: () => ReturnType<typeof sendAsEmployer>, status: number) {
    await expect.poll(async () => (await send()).statusCode, { timeout: 3_000 }).toBe(status);
  }

  it('refuses a signed-out session at its very next send, on either side', async () => {
    const { employer, physician, conversationId } = await employerAndPhysicianInConversation(app);
    expect((await sendAsEmployer(employer.token, conversationId)).statusCode).toBe(200);
    expect((await sendAsPhysician(physician.token, conversationId)).statusCode).toBe(200);

    expect((await callApi(app, 'POST', '/api/employer/auth/logout', employer.token)).statusCode).toBe(200);
    expect((await callApi(app, 'POST', '/api/employee/auth/logout', physician.token)).statusCode).toBe(200);

    expect((await sendAsEmployer(employer.token, conversationId)).statusCode).toBe(401);
    expect((await sendAsPhysician(physician.token, conversationId)).statusCode).toBe(401);
  });

  it('refuses a session ended elsewhere as soon as the database says so', async () => {
    const { employer, physician, conversationId } = await employerAndPhysicianInConversation(app);
    expect((await sendAsEmployer(employer.token, conversationId)).statusCode).toBe(200);
    expect((await sendAsPhysician(physician.token, conversationId)).statusCode).toBe(200);

    await revokeInDatabase(employer.token);
    await revokeInDatabase(physician.token);

    await answersSoon(() => sendAsEmployer(employer.token, conversationId), 401);
    await answersSoon(() => sendAsPhysician(physician.token, conversationId), 401);
  });

  it('refuses an account blocked elsewhere as soon as the database says so', async () => {
    const { employer, conversationId } = await employerAndPhysicianInConversation(app);
    expect((await sendAsEmployer(employer.token, conversationId)).statusCode).toBe(200);

    await setAccountStatus(app, employer.id, 'block');

    await answersSoon(() => sendAsEmployer(employer.token, conversationId), 403);
  });

  function listJobs(employer: { id: string; token: string }) {
    return callApi(app, 'GET', `/api/employer/job/get-all-jobs/${employer.id}`, employer.token);
  }

  /** The reads that authenticate from the cache, each with its path for an employer. */
  const cachedReads: [string, (employer: { id: string }) => string][] = [
    ['job list', (employer) => `/api/employer/job/get-all-jobs/${employer.id}`],
    ['notification list', (employer) => `/api/employer/notification/get-all-notification/${employer.id}`],
    ['conversation list', (employer) => `/api/employer/conversation/get-all-conversation/${employer.id}`],
    ['security settings', () => '/api/employer/auth/security'],
    ['organisation profile', (employer) => `/api/employer/organization/get-organization/${employer.id}`],
  ];

  it.each(cachedReads)(
    "ends the %s's cached session at once on sign-out, and soon when ended or blocked elsewhere",
    async (_name, pathFor) => {
      const read = (employer: { id: string; token: string }) =>
        callApi(app, 'GET', pathFor(employer), employer.token);
      const signingOut = await signedInEmployer(app, { hasEstablishedProfile: true });
      expect((await read(signingOut)).statusCode).toBe(200);
      expect((await callApi(app, 'POST', '/api/employer/auth/logout', signingOut.token)).statusCode).toBe(
        200,
      );
      expect((await read(signingOut)).statusCode).toBe(401);

      const revoked = await signedInEmployer(app, { hasEstablishedProfile: true });
      expect((await read(revoked)).statusCode).toBe(200);
      await revokeInDatabase(revoked.token);
      await answersSoon(() => read(revoked), 401);

      const blocked = await signedInEmployer(app, { hasEstablishedProfile: true });
      expect((await read(blocked)).statusCode).toBe(200);
      await setAccountStatus(app, blocked.id, 'block');
      await answersSoon(() => read(blocked), 403);
    },
  );

  it('answers the job list from memory while the database says nothing', async () => {
    const employer = await signedInEmployer(app, { hasEstablishedProfile: true });
    expect((await listJobs(employer)).statusCode).toBe(200);
    await app.db.execute(sql`alter table sessions disable trigger sessions_session_cache_update`);
    try {
      await revokeInDatabase(employer.token);
      expect((await listJobs(employer)).statusCode).toBe(200);
    } finally {
      await app.db.execute(sql`alter table sessions enable trigger sessions_session_cache_update`);
    }
    // Any later change of the account is heard, and takes the ended session with it.
    await app.db.execute(sql`update users set full_name = 'Dana Reyes' where id = ${employer.id}`);
    await answersSoon(() => listJobs(employer), 401);
  });

  /**
   * Runs `change` with the database's notice about `trigger` switched off: only this instance's
   * own forgetting, right after the writer's commit, can keep the next request right.
   */
  async function withoutNotice(table: 'sessions' | 'users', trigger: string, change: () => Promise<void>) {
    await app.db.execute(sql.raw(`alter table ${table} disable trigger ${trigger}`));
    try {
      await change();
    } finally {
      await app.db.execute(sql.raw(`alter table ${table} enable trigger ${trigger}`));
    }
  }

  it('frees a session held to enrolment at its very next request once it sets up a factor', async () => {
    const owner = await teamOwner(app);
    await enrolTotp(app, '/api/employer/auth', owner.token);
    const recruiter = await addMember(app, owner.organizationId, 'recruiter');
    // The owner's own second step is fresh from enrolling: the policy can be switched on.
    const policy = await callTeam(app, 'PATCH', '/update-two-step-policy', owner.token, {
      isTwoStepRequired: true,
    });
    expect(policy.statusCode, policy.body).toBe(200);
    const held = await signIn(app, recruiter.email);
    expect(held.enrolmentRequired).toBe(true);
    // Refused, and the held session is now in this instance's cache.
    expect((await callTeam(app, 'GET', '/get-team', held.token)).statusCode).toBe(403);

    await withoutNotice('sessions', 'sessions_session_cache_update', async () => {
      await enrolTotp(app, '/api/employer/auth', held.token);
      const team = await callTeam(app, 'GET', '/get-team', held.token);
      expect(team.statusCode, team.body).toBe(200);
    });
  });

  it("sees a first organisation profile's new organisation at the very next request", async () => {
    const employer = await signedInEmployer(app, { accountStatus: 'pending' });
    const read = () =>
      callApi(app, 'GET', `/api/employer/organization/get-organization/${employer.id}`, employer.token);
    expect((await read()).json().data).toEqual({ organization: null });

    await withoutNotice('users', 'users_session_cache_update', async () => {
      const saved = await callApi(
        app,
        'PATCH',
        `/api/employer/auth/v1/update-orgdetails/${employer.id}`,
        employer.token,
        profileBody(),
      );
      expect(saved.statusCode, saved.body).toBe(200);
      // The team is found through the session's own account, which now has its organisation.
      const team = await callTeam(app, 'GET', '/get-team', employer.token);
      expect(team.statusCode, team.body).toBe(200);
    });
  });

  it('answers from memory, and forgets what it holds when the listening connection drops', async () => {
    const { employer, conversationId } = await employerAndPhysicianInConversation(app);
    expect((await sendAsEmployer(employer.token, conversationId)).statusCode).toBe(200);

    // Without the trigger the database says nothing about this sign-out: the send, and any other
    // route, is still answered from memory (the cache is in use everywhere).
    expect((await callApi(app, 'GET', '/api/employer/auth/security', employer.token)).statusCode).toBe(200);
    await app.db.execute(sql`alter table sessions disable trigger sessions_session_cache_update`);
    try {
      await revokeInDatabase(employer.token);
      expect((await sendAsEmployer(employer.token, conversationId)).statusCode).toBe(200);
      expect((await callApi(app, 'GET', '/api/employer/auth/security', employer.token)).statusCode).toBe(200);

      // A dropped LISTEN connection may have missed exactly such a notification: nothing cached
      // before it survives.
      await app.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen "medhire_session_cache"%'`,
      );
      await answersSoon(() => sendAsEmployer(employer.token, conversationId), 401);
    } finally {
      await app.db.execute(sql`alter table sessions enable trigger sessions_session_cache_update`);
    }
    // It listens again by itself: a new session is cached, and its sign-out elsewhere is heard.
    await expect
      .poll(
        async () =>
          (await app.db.execute(
            sql`select 1 from pg_stat_activity where datname = current_database() and query ilike 'listen "medhire_session_cache"%' and state = 'idle'`,
          )) as unknown as unknown[],
        { timeout: 5_000 },
      )
      .toHaveLength(1);
  });
});
