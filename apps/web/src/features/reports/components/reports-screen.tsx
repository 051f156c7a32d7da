import {
  REPORT_SECTION_TITLES,
  REPORT_SOURCE_LABELS,
  type TFunnelStep,
  type TReport,
  type TReportFilters,
  type TReportSection,
  type TStageDuration,
} from '@medhire/contract/reports';
import { Alert } from '@medhire/ui/alert.tsx';
import { Button } from '@medhire/ui/button.tsx';
import { Card } from '@medhire/ui/card.tsx';
import { Select, TextField } from '@medhire/ui/field.tsx';
import { PageHeader } from '@medhire/ui/page-header.tsx';
import { Spinner } from '@medhire/ui/spinner.tsx';
import { Table } from '@medhire/ui/table.tsx';
import { type ReactNode, useEffect, useState } from 'react';
import { saveBlob } from '../../../lib/download.ts';
import { describeError } from '../../../lib/http.ts';
import { reportsApi } from '../api/reports-api.ts';
import {
  defaultPeriod,
  formatDays,
  formatHours,
  formatMinutes,
  formatRate,
  periodError,
} from '../report-format.ts';
import { type Bar, BarChart } from './bar-chart.tsx';
import './reports-screen.css';

type Load =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; report: TReport };

interface Filters {
  from: string;
  to: string;
  jobId: string;
  memberId: string;
}

function queryOf(filters: Filters): TReportFilters {
  return {
    from: filters.from,
    to: filters.to,
    jobId: filters.jobId || undefined,
    memberId: filters.memberId || undefined,
  };
}

/**
 * /reports: hiring analytics for owners and admins (a recruiter: their own jobs). Each section
 * has a chart, the same figures as a table beside it, and a CSV download; the whole report
 * downloads as a PDF.
 */
export function ReportsScreen() {
  const [filters, setFilters] = useState<Filters>(() => ({ ...defaultPeriod(), jobId: '', memberId: '' }));
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [options, setOptions] = useState<TReport['options'] | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);
  const filterError = periodError(filters.from, filters.to);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt re-runs the load on "Try again".
  useEffect(() => {
    if (filterError) return;
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    reportsApi
      .getReport(queryOf(filters), controller.signal)
      .then((report) => {
        setLoad({ status: 'ready', report });
        setOptions(report.options);
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoad({ status: 'failed', message: describeError(error) });
      });
    return () => controller.abort();
  }, [filters, attempt, filterError]);

  async function onDownload(kind: 'pdf' | TReportSection) {
    setDownloadError(null);
    setDownloading(kind);
    try {
      const query = queryOf(filters);
      if (kind === 'pdf') {
        saveBlob(await reportsApi.downloadPdf(query), `medhire-report-${filters.from}-to-${filters.to}.pdf`);
      } else {
        saveBlob(
          await reportsApi.downloadCsv(kind, query),
          `medhire-${kind}-${filters.from}-to-${filters.to}.csv`,
        );
      }
    } catch (error) {
      setDownloadError(describeError(error));
    } finally {
      setDownloading(null);
    }
  }

  const onFilter = (change: Partial<Filters>) => setFilters((current) => ({ ...current, ...change }));

  return (
    <div className="reports-screen">
      <title>Reports · MedHire</title>
      <PageHeader
        title="Reports"
        description="How hiring is going: the funnel, time in each stage, where candidates come from, replies and invites."
        actions={
          <Button
            variant="secondary"
            onClick={() => onDownload('pdf')}
            isLoading={downloading === 'pdf'}
            disabled={Boolean(filterError)}
          >
            Download PDF
          </Button>
        }
      />
      <Card title="Filters" headingLevel={2}>
        <form
          className="reports-filters"
          aria-label="Filter the reports"
          onSubmit={(event) => event.preventDefault()}
        >
          <TextField
            label="From"
            type="date"
            value={filters.from}
            max={filters.to || undefined}
            onChange={(event) => onFilter({ from: event.target.value })}
          />
          <TextField
            label="To"
            type="date"
            value={filters.to}
            min={filters.from || undefined}
            error={filterError}
            onChange={(event) => onFilter({ to: event.target.value })}
          />
          <Select
            label="Job"
            value={filters.jobId}
            onChange={(event) => onFilter({ jobId: event.target.value })}
            placeholder="All jobs"
            options={(options?.jobs ?? []).map((job) => ({ value: job._id, label: job.title }))}
          />
          <Select
            label="Member"
            value={filters.memberId}
            onChange={(event) => onFilter({ memberId: event.target.value })}
            placeholder="All members"
            options={(options?.members ?? []).map((member) => ({ value: member._id, label: member.name }))}
          />
        </form>
      </Card>
      {downloadError && (
        <Alert variant="danger" title="We couldn't prepare the download">
          {downloadError}
        </Alert>
      )}
      {filterError ? null : load.status === 'loading' ? (
        <div className="reports-loading" role="status">
          <Spinner /> Loading the reports…
        </div>
      ) : load.status === 'failed' ? (
        <Alert variant="danger" title="We couldn't load the reports">
          <p>{load.message}</p>
          <Button variant="secondary" size="sm" onClick={() => setAttempt((count) => count + 1)}>
            Try again
          </Button>
        </Alert>
      ) : (
        <ReportSections report={load.report} downloading={downloading} onDownload={onDownload} />
      )}
    </div>
  );
}

function Section({
  section,
  downloading,
  onDownload,
  summary,
  chart,
  children,
}: {
  section: TReportSection;
  downloading: string | null;
  onDownload: (section: TReportSection) => void;
  summary?: ReactNode;
  chart: { bars: Bar[] } | null;
  children: ReactNode;
}) {
  const title = REPORT_SECTION_TITLES[section];
  const isEmpty = !chart || chart.bars.every((bar) => bar.value === 0);
  return (
    <Card
      title={title}
      headingLevel={2}
      className="report-section"
      actions={
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Download CSV: ${title}`}
          isLoading={downloading === section}
          onClick={() => onDownload(section)}
        >
          Download CSV
        </Button>
      }
    >
      {summary && <p className="report-section__summary">{summary}</p>}
      <div className="report-section__body">
        <div className="report-section__chart">
          {isEmpty || !chart ? (
            <p className="report-section__empty">Nothing in this period.</p>
          ) : (
            <BarChart title={title} bars={chart.bars} />
          )}
        </div>
        <div className="report-section__table">{children}</div>
      </div>
    </Card>
  );
}

function ReportSections({
  report,
  downloading,
  onDownload,
}: {
  report: TReport;
  downloading: string | null;
  onDownload: (section: TReportSection) => void;
}) {
  const common = { downloading, onDownload };
  const { responses, invites } = report;
  return (
    <div className="report-sections">
      <Section
        section="funnel"
        {...common}
        chart={{ bars: report.funnel.overall.map((step) => ({ label: step.step, value: step.count })) }}
      >
        <Table<TFunnelStep>
          caption="Hiring funnel, all jobs"
          rows={report.funnel.overall}
          rowKey={(step) => step.step}
          columns={[
            { key: 'step', header: 'Step', cell: (step) => step.step },
            { key: 'count', header: 'Candidates', cell: (step) => step.count, align: 'end' },
            {
              key: 'rate',
              header: 'Conversion',
              cell: (step) => formatRate(step.conversionRate),
              align: 'end',
            },
          ]}
        />
        {report.funnel.byJob.length > 0 && (
          <Table<TReport['funnel']['byJob'][number]>
            caption="Hiring funnel per job"
            isStackedOnPhone
            rows={report.funnel.byJob}
            rowKey={(job) => job.jobId}
            columns={[
              { key: 'job', header: 'Job', cell: (job) => job.title },
              ...(['Entered', 'Shortlisted', 'Interview', 'Offer', 'Hired'] as const).map((name, index) => ({
                key: name,
                header: name,
                align: 'end' as const,
                cell: (job: TReport['funnel']['byJob'][number]) => job.steps[index]?.count ?? 0,
              })),
            ]}
          />
        )}
      </Section>

      <Section
        section="time-in-stage"
        {...common}
        chart={{
          bars: report.timeInStage.map((stage) => ({
            label: stage.stage,
            value: stage.medianHours ?? 0,
            display: formatHours(stage.medianHours),
          })),
        }}
      >
        <Table<TStageDuration>
          caption="Time in each stage"
          rows={report.timeInStage}
          rowKey={(stage) => stage.stage}
          columns={[
            { key: 'stage', header: 'Stage', cell: (stage) => stage.stage },
            { key: 'stays', header: 'Moves counted', cell: (stage) => stage.stays, align: 'end' },
            {
              key: 'median',
              header: 'Median',
              cell: (stage) => formatHours(stage.medianHours),
              align: 'end',
            },
            {
              key: 'p90',
              header: '90th percentile',
              cell: (stage) => formatHours(stage.p90Hours),
              align: 'end',
            },
          ]}
        />
      </Section>

      <Section
        section="time-to-fill"
        {...common}
        summary={`Median time to fill: ${formatDays(report.timeToFill.medianDays)}`}
        chart={{
          bars: report.timeToFill.jobs.map((job) => ({
            label: job.title,
            value: job.days,
            display: formatDays(job.days),
          })),
        }}
      >
        <Table<TReport['timeToFill']['jobs'][number]>
          caption="Time to fill per job"
          rows={report.timeToFill.jobs}
          rowKey={(job) => job.jobId}
          emptyMessage="No job was filled in this period."
          columns={[
            { key: 'job', header: 'Job', cell: (job) => job.title },
            { key: 'filled', header: 'Filled on', cell: (job) => job.filledAt.slice(0, 10) },
            { key: 'days', header: 'Time to fill', cell: (job) => formatDays(job.days), align: 'end' },
          ]}
        />
      </Section>

      <Section
        section="sources"
        {...common}
        chart={{
          bars: report.sources.map((source) => ({
            label: REPORT_SOURCE_LABELS[source.source],
            value: source.count,
          })),
        }}
      >
        <Table<TReport['sources'][number]>
          caption="Where candidates come from"
          rows={report.sources}
          rowKey={(source) => source.source}
          columns={[
            {
              key: 'source',
              header: 'Source',
              cell: (source) => REPORT_SOURCE_LABELS[source.source],
            },
            { key: 'count', header: 'Candidates', cell: (source) => source.count, align: 'end' },
          ]}
        />
      </Section>

      <Section
        section="responses"
        {...common}
        summary={`${responses.replied} of ${responses.physicianMessages} physician messages answered (${formatRate(
          responses.responseRate,
        )}); median time to first reply ${formatMinutes(responses.medianReplyMinutes)}.`}
        chart={{
          bars: responses.byMember.map((member) => ({
            label: member.name,
            value: member.medianReplyMinutes ?? 0,
            display: formatMinutes(member.medianReplyMinutes),
          })),
        }}
      >
        <Table<TReport['responses']['byMember'][number]>
          caption="Replies to physicians per member"
          rows={responses.byMember}
          rowKey={(member) => member.memberId}
          emptyMessage="No replies in this period."
          columns={[
            { key: 'member', header: 'Member', cell: (member) => member.name },
            { key: 'replies', header: 'First replies', cell: (member) => member.replies, align: 'end' },
            {
              key: 'median',
              header: 'Median time to reply',
              cell: (member) => formatMinutes(member.medianReplyMinutes),
              align: 'end',
            },
          ]}
        />
      </Section>

      <Section
        section="invites"
        {...common}
        summary={`Acceptance rate: ${formatRate(invites.acceptanceRate)}`}
        chart={{
          bars: [
            { label: 'Sent', value: invites.sent },
            { label: 'Accepted', value: invites.accepted },
            { label: 'Declined', value: invites.declined },
            { label: 'Pending', value: invites.pending },
            { label: 'Canceled', value: invites.cancelled },
          ],
        }}
      >
        <Table<{ label: string; value: number }>
          caption="Invites"
          rows={[
            { label: 'Sent', value: invites.sent },
            { label: 'Accepted', value: invites.accepted },
            { label: 'Declined', value: invites.declined },
            { label: 'Pending', value: invites.pending },
            { label: 'Canceled', value: invites.cancelled },
          ]}
          rowKey={(row) => row.label}
          columns={[
            { key: 'label', header: 'Invites', cell: (row) => row.label },
            { key: 'value', header: 'Count', cell: (row) => row.value, align: 'end' },
          ]}
        />
      </Section>

      <Section
        section="activity"
        {...common}
        chart={{ bars: report.activity.map((member) => ({ label: member.name, value: member.actions })) }}
      >
        <Table<TReport['activity'][number]>
          caption="Activity per member"
          isStackedOnPhone
          rows={report.activity}
          rowKey={(member) => member.memberId}
          emptyMessage="No members."
          columns={[
            { key: 'member', header: 'Member', cell: (member) => member.name },
            { key: 'moves', header: 'Pipeline moves', cell: (member) => member.pipelineMoves, align: 'end' },
            { key: 'invites', header: 'Invites sent', cell: (member) => member.invitesSent, align: 'end' },
            { key: 'messages', header: 'Messages sent', cell: (member) => member.messagesSent, align: 'end' },
            { key: 'actions', header: 'All actions', cell: (member) => member.actions, align: 'end' },
          ]}
        />
      </Section>
    </div>
  );
}
