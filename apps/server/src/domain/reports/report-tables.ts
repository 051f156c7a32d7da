import { REPORT_SOURCE_LABELS, type TReport, type TReportSection } from '@medhire/contract/reports';

/** A section of the report as a table: what the CSV holds and the PDF prints. */
export interface ReportTable {
  headers: string[];
  rows: (string | number)[][];
}

function percent(value: number | null): string {
  return value === null ? '' : `${Math.round(value * 1000) / 10}%`;
}

function figure(value: number | null): string | number {
  return value === null ? '' : value;
}

/** Each section's figures as rows of plain values, in the order the screen shows them. */
export function reportTable(report: TReport, section: TReportSection): ReportTable {
  switch (section) {
    case 'funnel':
      return {
        headers: ['Job', 'Step', 'Candidates', 'Conversion from previous step'],
        rows: [
          ...report.funnel.overall.map((step) => [
            'All jobs',
            step.step,
            step.count,
            percent(step.conversionRate),
          ]),
          ...report.funnel.byJob.flatMap((job) =>
            job.steps.map((step) => [job.title, step.step, step.count, percent(step.conversionRate)]),
          ),
        ],
      };
    case 'time-in-stage':
      return {
        headers: ['Stage', 'Completed stays', 'Median hours', '90th percentile hours'],
        rows: report.timeInStage.map((stage) => [
          stage.stage,
          stage.stays,
          figure(stage.medianHours),
          figure(stage.p90Hours),
        ]),
      };
    case 'time-to-fill':
      return {
        headers: ['Job', 'Filled on', 'Days to fill'],
        rows: [
          ...report.timeToFill.jobs.map((job) => [job.title, job.filledAt.slice(0, 10), job.days]),
          ['Median', '', figure(report.timeToFill.medianDays)],
        ],
      };
    case 'sources':
      return {
        headers: ['Source', 'Candidates'],
        rows: report.sources.map((source) => [REPORT_SOURCE_LABELS[source.source], source.count]),
      };
    case 'responses':
      return {
        headers: [
          'Member',
          'Physician messages',
          'Replied',
          'Response rate',
          'Median minutes to first reply',
        ],
        rows: [
          [
            'Everyone',
            report.responses.physicianMessages,
            report.responses.replied,
            percent(report.responses.responseRate),
            figure(report.responses.medianReplyMinutes),
          ],
          ...report.responses.byMember.map((member) => [
            member.name,
            '',
            member.replies,
            '',
            figure(member.medianReplyMinutes),
          ]),
        ],
      };
    case 'invites':
      return {
        headers: ['Sent', 'Accepted', 'Declined', 'Pending', 'Canceled', 'Acceptance rate'],
        rows: [
          [
            report.invites.sent,
            report.invites.accepted,
            report.invites.declined,
            report.invites.pending,
            report.invites.cancelled,
            percent(report.invites.acceptanceRate),
          ],
        ],
      };
    case 'activity':
      return {
        headers: ['Member', 'Pipeline moves', 'Invites sent', 'Messages sent', 'All actions'],
        rows: report.activity.map((member) => [
          member.name,
          member.pipelineMoves,
          member.invitesSent,
          member.messagesSent,
          member.actions,
        ]),
      };
  }
}

/**
 * One CSV cell: quoted when it holds a comma, quote or line break, and a leading = + - @ is
 * escaped so a spreadsheet never runs a job title as a formula.
 */
function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(table: ReportTable): string {
  return `${[table.headers, ...table.rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
