import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { users } from '../db/schema/accounts.ts';
import { jobs } from '../db/schema/jobs.ts';
import { createEmployerAccount } from '../domain/auth/create-employer-account.ts';
import { syncMembers } from '../domain/billing/subscription-view.ts';
import { recordActivity } from '../domain/team/record-activity.ts';
import { DEMO_EMPLOYER_EMAIL } from './demo-employer.ts';

export const DEMO_RECRUITER_EMAIL = 'recruiter@medhire.example';
export const DEMO_DELEGATE_EMAIL = 'delegate@medhire.example';
export const DEMO_TEAM_PASSWORD = 'MedHire-team-2026';

/**
 * The demo organisation's hiring team: the demo owner (Maria Delgado, the practice manager), an
 * in-house recruiter and an outside delegate recruiter who works one job and has accepted the
 * Delegate Access agreement. Runs after the jobs and the subscription, so the members mirror it.
 */
export async function seedDemoTeam(db: Db, { now }: { now: Date }): Promise<void> {
  const [owner] = await db.select().from(users).where(eq(users.email, DEMO_EMPLOYER_EMAIL)).limit(1);
  if (!owner?.organizationId) throw new Error('The demo owner must exist before the demo team.');
  const organizationId = owner.organizationId;
  await db
    .update(users)
    .set({ fullName: 'Maria Delgado', memberRole: 'owner' })
    .where(eq(users.id, owner.id));

  const joinedAt = new Date(now.getTime() - 20 * 24 * 60 * 60_000);
  const members = [
    { email: DEMO_RECRUITER_EMAIL, fullName: 'James Okafor', role: 'recruiter' as const },
    { email: DEMO_DELEGATE_EMAIL, fullName: 'Priya Raman', role: 'delegate' as const },
  ];
  const ids: Record<string, string> = {};
  for (const member of members) {
    const user = await createEmployerAccount({
      db,
      email: member.email,
      password: DEMO_TEAM_PASSWORD,
      accountStatus: 'approved',
      organizationId,
      isEmailVerified: true,
    });
    ids[member.role] = user.id;
    await db
      .update(users)
      .set({
        fullName: member.fullName,
        memberRole: member.role,
        currentProfileStep: owner.currentProfileStep,
        delegateAgreementAcceptedAt: member.role === 'delegate' ? joinedAt : null,
        createdAt: joinedAt,
      })
      .where(eq(users.id, user.id));
    await recordActivity(db, {
      organizationId,
      actorUserId: owner.id,
      type: 'team.invited',
      summary: `Invited ${member.email} as ${member.role}`,
      subjectType: 'member',
      subjectId: user.id,
      details: { email: member.email, role: member.role },
      createdAt: new Date(joinedAt.getTime() - 60 * 60_000),
    });
    await recordActivity(db, {
      organizationId,
      actorUserId: user.id,
      type: 'team.member_joined',
      summary: `Joined the team as ${member.role}`,
      subjectType: 'member',
      subjectId: user.id,
      details: { email: member.email, role: member.role },
      createdAt: joinedAt,
    });
  }
  await syncMembers(db, organizationId, now);

  // The delegate works the oldest open job; the recruiter looks after the next one.
  const openJobs = await db
    .select({ id: jobs.id, title: jobs.title })
    .from(jobs)
    .where(and(eq(jobs.organizationId, organizationId), eq(jobs.status, 'open')))
    .orderBy(asc(jobs.createdAt))
    .limit(2);
  const assignments = [
    { job: openJobs[0], userId: ids.delegate, name: 'Priya Raman' },
    { job: openJobs[1], userId: ids.recruiter, name: 'James Okafor' },
  ];
  for (const { job, userId, name } of assignments) {
    if (!job || !userId) continue;
    await db.update(jobs).set({ assigneeUserId: userId }).where(eq(jobs.id, job.id));
    await recordActivity(db, {
      organizationId,
      actorUserId: owner.id,
      type: 'job.assigned',
      summary: `Assigned ${job.title} to ${name}`,
      subjectType: 'job',
      subjectId: job.id,
      details: { assigneeId: userId },
      createdAt: new Date(joinedAt.getTime() + 60 * 60_000),
    });
  }
}
