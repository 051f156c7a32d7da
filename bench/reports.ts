import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { createPostgresDatabase } from '../apps/server/src/db/index.ts';
import { reportQueries } from '../apps/server/src/domain/reports/get-report.ts';
import { resolveReportScope } from '../apps/server/src/domain/reports/report-scope.ts';
import { startTestServer } from '../scripts/lib/start-test-server.mjs';
import { embeddedDatabaseUrl } from './lib/direct-load.ts';
import { type Figure, reportFigures } from './lib/figures.ts';

/**
 * The hiring reports over one large organisation: BENCH_REPORT_APPLICATIONS applications
 * (1,000,000 by default) spread over two years on the demo organisation's jobs and physicians,
 * each with its timeline, and BENCH_REPORT_MESSAGES messages (100,000). Each report query of
 * /reports (apps/server/src/domain/reports/get-report.ts) is then run one at a time for the
 * owner's default 90 days and for one job, and its p99 is compared with 200 ms.
 */
const APPLICATIONS = Number(process.env.BENCH_REPORT_APPLICATIONS ?? 1_000_000);
const MESSAGES = Number(process.env.BENCH_REPORT_MESSAGES ?? 100_000);
const RUNS = Number(process.env.BENCH_REPORT_RUNS ?? 30);
const WARM_UP_RUNS = 3;
const P99_TARGET_MS = 200;
const benchmark = 'reports';
/**
 * The million-row tables. Every message, invite and log line of this data set is the one
 * organisation's, so scanning those smaller tables whole is the planner's right choice here;
 * test/routes/employer/reports.test.ts checks every plan against another organisation's rows.
 */
const WHOLE_TABLE_SCAN = /Seq Scan on (applications|application_events|application_stays)\b/;

const loadAverage = () =>
  loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;
}

console.log(`load average (1, 5, 15 min) at start: ${loadAverage()}`);
const medhire = await startTestServer({ requireWebBuild: false, demoData: true });
const figures: Figure[] = [];
try {
  const seeder = createPostgresDatabase(embeddedDatabaseUrl(medhire.dataDir), { max: 2 });
  try {
    const { db } = seeder;
    const [owner] = (await db.execute(
      sql`select id, organization_id from users where email = 'demo@medhire.example'`,
    )) as unknown as { id: string; organization_id: string }[];
    if (!owner) throw new Error('The demo owner is missing.');
    const organizationId = owner.organization_id;
    const [{ physicians = 0 } = {}] = (await db.execute(
      sql`select count(*)::int as physicians from physicians`,
    )) as unknown as { physicians: number }[];
    // One application per job and physician: enough bulk jobs that every application has its pair.
    const jobCount = Math.ceil(APPLICATIONS / physicians);
    const seedStartedAt = performance.now();
    await db.execute(sql`insert into jobs (organization_id, title, specialty_id, employment_type, locations,
        assignee_user_id, created_at)
      select ${organizationId}, 'Bench posting ' || i, 'family-medicine', 'full-time', '[]'::jsonb, ${owner.id},
        now() - interval '760 days'
      from generate_series(1, ${jobCount}) as i`);
    await db.execute(sql`insert into applications (job_id, organization_id, physician_id, source, pipeline_status, created_at)
      select j.id, ${organizationId}, p.id,
        case when random() < 0.15 then 'match'::application_source else 'application'::application_source end,
        'Submitted', now() - random() * interval '730 days'
      from (select id from jobs where organization_id = ${organizationId} and title like 'Bench posting %') j
      cross join physicians p
      limit ${APPLICATIONS}`);
    // The accepted invite behind each application that came from one, from recommendations,
    // explore, or a place not recorded, in turn (the sources report splits them by it).
    await db.execute(sql`insert into matches (job_id, organization_id, physician_id, status, origin, created_at)
      select a.job_id, a.organization_id, a.physician_id, 'accepted',
        (array['recommended', 'explore', null])[1 + (hashtext(a.id::text) & 2147483647) % 3]::invite_origin,
        a.created_at - interval '2 days'
      from applications a join jobs j on j.id = a.job_id and j.title like 'Bench posting %'
      where a.organization_id = ${organizationId} and a.source = 'match'`);
    // Every application's timeline: applied, then 40 % shortlisted, 20 % interviewed, 8 % offered, 3 % hired.
    await db.execute(sql`insert into application_events (application_id, from_status, to_status, actor, created_at)
      select a.id, null, 'Submitted', 'physician', a.created_at from applications a
      join jobs j on j.id = a.job_id and j.title like 'Bench posting %'
      where a.organization_id = ${organizationId}`);
    const stages: [string, string, number, number][] = [
      ['Submitted', 'Shortlisted', 0.4, 2],
      ['Shortlisted', 'Interview', 0.2, 9],
      ['Interview', 'Offer', 0.08, 20],
      ['Offer', 'Hired', 0.03, 26],
    ];
    for (const [from, to, share, days] of stages) {
      await db.execute(sql`insert into application_events (application_id, from_status, to_status, actor, created_at)
        select a.id, ${from}::pipeline_status, ${to}::pipeline_status, 'employer', a.created_at + ${days} * interval '1 day'
        from applications a join jobs j on j.id = a.job_id and j.title like 'Bench posting %'
        where a.organization_id = ${organizationId} and (hashtext(a.id::text) & 1023) < ${Math.round(share * 1024)}`);
      await db.execute(sql`update applications a set pipeline_status = ${to}::pipeline_status
        from jobs j where j.id = a.job_id and j.title like 'Bench posting %'
          and a.organization_id = ${organizationId} and (hashtext(a.id::text) & 1023) < ${Math.round(share * 1024)}`);
    }
    // Conversations of ten messages each, physician and employer in turn, minutes to hours apart.
    const conversationCount = Math.ceil(MESSAGES / 10);
    await db.execute(sql`insert into conversations (organization_id, physician_id, job_id, last_seq, last_message_at)
      select ${organizationId}, a.physician_id, a.job_id, 10, a.created_at
      from applications a join jobs j on j.id = a.job_id and j.title like 'Bench posting %'
      where a.organization_id = ${organizationId}
      limit ${conversationCount}`);
    await db.execute(sql`insert into messages (conversation_id, sender, sender_user_id, body, seq, created_at)
      select c.id, case when s % 2 = 1 then 'employee'::message_sender else 'employer'::message_sender end,
        case when s % 2 = 1 then null else ${owner.id}::uuid end, 'Message ' || s, s,
        c.last_message_at + s * (interval '1 minute' * (10 + (hashtext(c.id::text) & 255)))
      from conversations c cross join generate_series(1, 10) as s
      where c.organization_id = ${organizationId} and c.last_seq = 10 and c.job_id in (
        select id from jobs where organization_id = ${organizationId} and title like 'Bench posting %')`);
    // What autovacuum does after a bulk load, at once: statistics, and the visibility map that
    // lets the report queries count from their covering indexes without visiting the table.
    for (const table of [
      'jobs',
      'applications',
      'application_events',
      'application_stays',
      'conversations',
      'messages',
      'matches',
    ]) {
      await db.execute(sql.raw(`vacuum analyze ${table}`));
    }
    const [counted] = (await db.execute(sql`select
        (select count(*)::int from applications where organization_id = ${organizationId}) as applications,
        (select count(*)::int from messages m join conversations c on c.id = m.conversation_id
          where c.organization_id = ${organizationId}) as messages`)) as unknown as {
      applications: number;
      messages: number;
    }[];
    console.log(
      `seeded ${counted?.applications.toLocaleString('en-US')} applications and ${counted?.messages.toLocaleString('en-US')} messages in one organisation in ${((performance.now() - seedStartedAt) / 1000).toFixed(1)} s`,
    );

    const [someJob] = (await db.execute(
      sql`select id from jobs where organization_id = ${organizationId} and title like 'Bench posting %' limit 1`,
    )) as unknown as { id: string }[];
    const member = { userId: owner.id, organizationId, memberRole: 'owner' as const };
    const cases = [
      { label: 'last 90 days', filters: {} },
      { label: 'one job, 90 days', filters: { jobId: someJob?.id } },
    ];
    let seqScans = 0;
    for (const { label, filters } of cases) {
      const scope = await resolveReportScope(db, member, filters);
      if (!scope) throw new Error('The demo owner has no organisation.');
      for (const [name, query] of Object.entries(reportQueries(scope))) {
        const plan = (await db.execute(sql`explain ${query}`)) as unknown as Record<string, string>[];
        const scans = plan
          .map((row) => row['QUERY PLAN'] ?? '')
          .filter((line) => WHOLE_TABLE_SCAN.test(line));
        if (scans.length > 0) console.log(`${name} (${label}) reads a whole table:\n${scans.join('\n')}`);
        seqScans += scans.length;
        for (let run = 0; run < WARM_UP_RUNS; run += 1) await db.execute(query);
        const timings: number[] = [];
        for (let run = 0; run < RUNS; run += 1) {
          const startedAt = performance.now();
          await db.execute(query);
          timings.push(performance.now() - startedAt);
        }
        timings.sort((left, right) => left - right);
        figures.push({
          benchmark,
          name: `${name} (${label}) p99`,
          value: Math.round(percentile(timings, 0.99) * 10) / 10,
          unit: 'ms',
          target: { comparison: '<=', value: P99_TARGET_MS },
        });
      }
    }
    figures.push({
      benchmark,
      name: 'sequential scans of the million-row tables in the plans',
      value: seqScans,
      unit: 'scans',
      target: { comparison: '<=', value: 0 },
    });
  } finally {
    await seeder.close();
  }
} finally {
  await medhire.stop();
}
console.log(`load average (1, 5, 15 min) at end: ${loadAverage()}`);
await reportFigures(figures);
