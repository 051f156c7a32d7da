import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/index.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { brandedHtml, escapeHtml, type MailContent } from '../../mail/templates.ts';

interface DigestJob {
  jobId: string;
  title: string;
  organization: string;
  alertName: string;
}

export function renderJobAlertDigestMail(jobs: readonly DigestJob[], publicUrl: string): MailContent {
  const subject =
    jobs.length === 1
      ? '1 new job for your alerts on MedHire'
      : `${jobs.length} new jobs for your alerts on MedHire`;
  const link = (job: DigestJob) => `${publicUrl}/physician/jobs/${encodeURIComponent(job.jobId)}`;
  const closing = 'You get this e-mail once a day while your daily job alerts find new jobs.';
  return {
    subject,
    text: `${jobs.map((job) => `- ${job.title}, ${job.organization} (${job.alertName})\n  ${link(job)}`).join('\n')}\n\n${closing}\n\n— MedHire\n`,
    html: brandedHtml(
      subject,
      `<ul style="margin:0 0 24px;padding-left:20px;">${jobs
        .map(
          (job) =>
            `<li style="margin:0 0 12px;"><a href="${escapeHtml(link(job))}" style="color:#0b5cab;font-weight:bold;">${escapeHtml(job.title)}</a><br>${escapeHtml(job.organization)} · ${escapeHtml(job.alertName)}</li>`,
        )
        .join('\n')}</ul>
<p style="margin:0;font-size:14px;">${escapeHtml(closing)}</p>`,
    ),
  };
}

/**
 * Sends each physician one e-mail with the jobs their daily alerts matched since the last one
 * (a job two alerts matched is listed once). Per physician, the matches are claimed and the
 * e-mail sent in one transaction: a failed send rolls the claim back for the next run to retry,
 * and a run that finds them claimed sends nothing again. A job closed meanwhile is left out; a
 * physician who turned e-mail off for job alerts has their matches claimed without a mail.
 * Answers how many e-mails went out.
 */
export async function sendJobAlertDigests({
  db,
  mailer,
  publicUrl,
  now = new Date(),
}: {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  now?: Date;
}): Promise<number> {
  const due = (await db.execute(sql`
    select distinct p.user_id as "userId"
    from job_alert_matches m
    join job_alerts a on a.id = m.alert_id and a.frequency = 'daily'
    join physicians p on p.id = a.physician_id
    where m.digested_at is null`)) as unknown as { userId: string }[];
  let sent = 0;
  for (const { userId } of due) {
    const isSent = await db.transaction(async (tx) => {
      const claimed = (await tx.execute(sql`
        update job_alert_matches m set digested_at = ${now.toISOString()}::timestamptz
        from job_alerts a, physicians p
        where a.id = m.alert_id and a.frequency = 'daily' and p.id = a.physician_id
          and p.user_id = ${userId}::uuid and m.digested_at is null
        returning m.job_id as "jobId", a.name as "alertName"`)) as unknown as {
        jobId: string;
        alertName: string;
      }[];
      if (claimed.length === 0) return false;
      const [recipient] = (await tx.execute(sql`
        select u.email, coalesce(np.email, true) as "wantsEmail"
        from users u
        left join notification_preferences np on np.user_id = u.id and np.type = 'JOB_ALERT'
        where u.id = ${userId}::uuid and u.archived_at is null`)) as unknown as {
        email: string;
        wantsEmail: boolean;
      }[];
      if (!recipient?.wantsEmail) return false;
      const alertNameOf = new Map(claimed.map((match) => [match.jobId, match.alertName]));
      const jobs = (await tx.execute(sql`
        select j.id as "jobId", j.title, coalesce(o.name, 'An employer') as organization
        from jobs j join organizations o on o.id = j.organization_id
        where j.id in (${sql.join(
          [...alertNameOf.keys()].map((id) => sql`${id}::uuid`),
          sql`, `,
        )}) and j.status = 'open'
        order by j.created_at desc`)) as unknown as Omit<DigestJob, 'alertName'>[];
      if (jobs.length === 0) return false;
      await mailer.send({
        to: recipient.email,
        ...renderJobAlertDigestMail(
          jobs.map((job) => ({ ...job, alertName: alertNameOf.get(job.jobId) ?? '' })),
          publicUrl,
        ),
      });
      return true;
    });
    if (isSent) sent += 1;
  }
  return sent;
}
