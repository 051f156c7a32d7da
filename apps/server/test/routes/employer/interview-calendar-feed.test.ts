import type { TCalendarFeedLink } from '@medhire/contract/interviews';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarFeedTokens, interviews } from '../../../src/db/schema/interviews.ts';
import { buildTestApp } from '../../helper.ts';
import { expectFailure } from '../conventions-kit.ts';
import { callApi } from './applicant-kit.ts';
import { applicantOf, fixedBody, hoursFromNow, interviewTeam, scheduled } from './interviews-kit.ts';
import type { TeamMember } from './team-kit.ts';

/**
 * The personal calendar feed: a secret URL per member (made on first ask, the same after, replaced
 * on reset), served without a session as text/calendar, listing the interviews the member is on.
 */
let app: FastifyInstance;
let team: Awaited<ReturnType<typeof interviewTeam>>;
let rival: Awaited<ReturnType<typeof interviewTeam>>;

beforeAll(async () => {
  app = await buildTestApp();
  team = await interviewTeam(app);
  rival = await interviewTeam(app);
});
afterAll(async () => {
  await app.close();
});

async function linkOf(member: Pick<TeamMember, 'token'>): Promise<TCalendarFeedLink> {
  const response = await callApi(app, 'GET', '/employer/interview/get-calendar-feed-link', member.token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as TCalendarFeedLink;
}

function fetchFeed(url: string) {
  return app.inject({ method: 'GET', url: new URL(url).pathname });
}

interface FeedEvent {
  uid: string;
  status: string;
  sequence: number;
  start: string;
}

function eventsOf(ics: string): FeedEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  expect(calendar.getFirstPropertyValue('method')).toBeNull();
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      status: String(vevent.getFirstPropertyValue('status')),
      sequence: event.sequence,
      start: event.startDate.toJSDate().toISOString(),
    };
  });
}

describe('the calendar feed link', () => {
  it('is made on the first ask, as https and webcal URLs of the same secret, and stays the same', async () => {
    const first = await linkOf(team.interviewer);
    expect(first.httpsUrl).toMatch(/^https?:\/\/.+\/api\/calendar\/[A-Za-z0-9_-]{40,}\.ics$/);
    expect(first.webcalUrl).toBe(first.httpsUrl.replace(/^https?:\/\//, 'webcal://'));
    expect(await linkOf(team.interviewer)).toEqual(first);
    // Only a hash of the token is stored.
    const [row] = await app.db
      .select()
      .from(calendarFeedTokens)
      .where(eq(calendarFeedTokens.userId, team.interviewer.id));
    const token = /\/calendar\/([^/]+)\.ics$/.exec(first.httpsUrl)?.[1] ?? '';
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
    // Each member has their own.
    expect((await linkOf(team.recruiter)).httpsUrl).not.toBe(first.httpsUrl);
  });

  it('needs a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/employer/interview/get-calendar-feed-link'],
      ['POST', '/api/employer/interview/reset-calendar-feed-link'],
    ] as const) {
      const response = await app.inject({ method, url });
      expectFailure(response, 401, 'UNAUTHENTICATED', url);
    }
  });

  it('reset answers a new URL and the old one stops working at once', async () => {
    const member = team.delegate;
    const old = await linkOf(member);
    expect((await fetchFeed(old.httpsUrl)).statusCode).toBe(200);
    const reset = await callApi(app, 'POST', '/employer/interview/reset-calendar-feed-link', member.token);
    expect(reset.statusCode, reset.body).toBe(200);
    const fresh = reset.json().data as TCalendarFeedLink;
    expect(fresh.httpsUrl).not.toBe(old.httpsUrl);
    expectFailure(await fetchFeed(old.httpsUrl), 404, 'NOT_FOUND', 'old feed');
    expect((await fetchFeed(fresh.httpsUrl)).statusCode).toBe(200);
    expect(await linkOf(member)).toEqual(fresh);
  });
});

describe('GET /api/calendar/{token}.ics', () => {
  it("lists the member's interviews, cancelled ones of the last 30 days as CANCELLED, and nobody else's", async () => {
    const mine = await scheduled(
      app,
      team.owner,
      (await applicantOf(app, team.job._id, 'Feed')).applicationId,
      fixedBody([team.interviewer.id], hoursFromNow(2000)),
    );
    const cancelled = await scheduled(
      app,
      team.owner,
      (await applicantOf(app, team.job._id, 'Gone')).applicationId,
      fixedBody([team.interviewer.id], hoursFromNow(2010)),
    );
    const response = await callApi(
      app,
      'PATCH',
      `/employer/interview/cancel-interview/${cancelled._id}`,
      team.owner.token,
      { reason: 'Filled' },
    );
    expect(response.statusCode, response.body).toBe(200);
    const longAgo = await scheduled(
      app,
      team.owner,
      (await applicantOf(app, team.job._id, 'Old')).applicationId,
      fixedBody([team.interviewer.id], hoursFromNow(2020)),
    );
    await callApi(app, 'PATCH', `/employer/interview/cancel-interview/${longAgo._id}`, team.owner.token, {
      reason: 'Long ago',
    });
    await app.db
      .update(interviews)
      .set({ updatedAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(interviews.id, longAgo._id));
    const othersOnly = await scheduled(
      app,
      team.owner,
      (await applicantOf(app, team.job._id, 'Other')).applicationId,
      fixedBody([team.recruiter.id], hoursFromNow(2030)),
    );
    const rivals = await scheduled(
      app,
      rival.owner,
      (await applicantOf(app, rival.job._id, 'Rival')).applicationId,
      fixedBody([rival.interviewer.id], hoursFromNow(2040)),
    );

    const feed = await fetchFeed((await linkOf(team.interviewer)).webcalUrl.replace('webcal://', 'https://'));
    expect(feed.statusCode, feed.body).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    expect(feed.headers['cache-control']).toContain('no-store');
    const events = eventsOf(feed.body);
    const byUid = new Map(events.map((event) => [event.uid, event]));
    expect(byUid.get(`interview-${mine._id}@medhire`)).toMatchObject({
      status: 'CONFIRMED',
      sequence: 0,
      start: hoursFromNow(2000).toISOString(),
    });
    expect(byUid.get(`interview-${cancelled._id}@medhire`)).toMatchObject({
      status: 'CANCELLED',
      sequence: 1,
    });
    for (const absent of [longAgo, othersOnly, rivals]) {
      expect(byUid.has(`interview-${absent._id}@medhire`)).toBe(false);
    }
    expect(feed.body).not.toContain(rivals.physicianName);
  });

  it('answers 404 for an unknown or malformed token, without a session, and 400 for an oversized one', async () => {
    for (const feed of [
      'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics',
      'no-suffix',
      'short.ics',
      '%2e%2e.ics',
    ]) {
      expectFailure(
        await app.inject({ method: 'GET', url: `/api/calendar/${feed}` }),
        404,
        'NOT_FOUND',
        feed,
      );
    }
    const oversized = await app.inject({ method: 'GET', url: `/api/calendar/${'a'.repeat(300)}.ics` });
    expectFailure(oversized, 400, 'BAD_REQUEST', 'oversized');
  });

  it("a member's session does not open another member's feed: only the URL's token counts", async () => {
    const recruiterFeed = await linkOf(team.recruiter);
    const interviewerFeed = await linkOf(team.interviewer);
    const asInterviewer = await app.inject({
      method: 'GET',
      url: new URL(recruiterFeed.httpsUrl).pathname,
      headers: { authorization: team.interviewer.token },
    });
    expect(asInterviewer.statusCode).toBe(200);
    expect(asInterviewer.body).toContain(`MedHire interviews · Rita Recruiter`);
    expect(recruiterFeed.httpsUrl).not.toBe(interviewerFeed.httpsUrl);
  });

  it('is rate limited per address (429 past 60 a minute)', async () => {
    const url = new URL((await linkOf(team.owner)).httpsUrl).pathname;
    const remoteAddress = '203.0.113.77';
    for (let index = 0; index < 60; index += 1) {
      const response = await app.inject({ method: 'GET', url, remoteAddress });
      expect(response.statusCode).toBe(200);
    }
    const limited = await app.inject({ method: 'GET', url, remoteAddress });
    expectFailure(limited, 429, 'RATE_LIMITED', 'feed');
    const elsewhere = await app.inject({ method: 'GET', url, remoteAddress: '203.0.113.78' });
    expect(elsewhere.statusCode).toBe(200);
  });
});
