import type { TDashboardActivity, TDashboardSummary } from '@medhire/contract/dashboard';
import { PIPELINE_DISPLAY_ORDER, PIPELINE_HIRING_ORDER } from '@medhire/contract/matches';
import type { TRight } from '@medhire/contract/team-roles';
import { Alert } from '@medhire/ui/alert.tsx';
import { Badge } from '@medhire/ui/badge.tsx';
import { Button, buttonClasses } from '@medhire/ui/button.tsx';
import { Card } from '@medhire/ui/card.tsx';
import { EmptyState } from '@medhire/ui/empty-state.tsx';
import {
  BriefcaseIcon,
  BuildingIcon,
  CheckCircleIcon,
  ClipboardIcon,
  CloseIcon,
  MessageIcon,
  SparkIcon,
  UserIcon,
  UsersIcon,
} from '@medhire/ui/icons.tsx';
import { PageHeader } from '@medhire/ui/page-header.tsx';
import { Skeleton } from '@medhire/ui/spinner.tsx';
import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useAppSelector } from '../../../app/hooks.ts';
import { useCan } from '../../../app/use-can.ts';
import { describeError } from '../../../lib/http.ts';
import { TourLauncher } from '../../tour/tour-launcher.tsx';
import { dashboardApi } from '../api/dashboard-api.ts';
import { MatchesDonut, PipelineFunnel, WeeklyApplicationsChart } from './dashboard-charts.tsx';
import './home-screen.css';

const SUBSCRIPTION_LABELS = {
  incomplete: { label: 'Payment needed', variant: 'warning' },
  active: { label: 'Active', variant: 'success' },
  past_due: { label: 'Payment overdue', variant: 'danger' },
  canceled: { label: 'Canceled', variant: 'neutral' },
} as const;

const NEXT_STEPS: readonly {
  to: string;
  icon: typeof BriefcaseIcon;
  title: string;
  text: string;
  /** Shown only to members whose role holds this right. */
  right: TRight;
}[] = [
  {
    right: 'jobs.create',
    to: '/create-job',
    icon: BriefcaseIcon,
    title: 'Post a job',
    text: 'Describe the role, compensation and locations so matched physicians can find it.',
  },
  {
    right: 'organization.edit',
    to: '/edit-profile/would-you-rather',
    icon: SparkIcon,
    title: 'Refine candidate preferences',
    text: 'Specialty, board status, experience and start year decide who is recommended to you.',
  },
  {
    right: 'organization.edit',
    to: '/edit-profile',
    icon: BuildingIcon,
    title: 'Polish your organization profile',
    text: 'Logo, locations, practice type and photos are what physicians see first.',
  },
];

/** The funnel shows the stages in hiring order; rejections sit apart below it. */
const FUNNEL_STAGES = PIPELINE_HIRING_ORDER;

function formatDate(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? null
    : date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
}

const relativeFormat = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "3 hours ago", "yesterday"; older than a week as a date. */
export function timeAgo(iso: string, now = Date.now()): string {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return '';
  const elapsed = time - now;
  if (Math.abs(elapsed) >= 7 * 86_400_000) return formatDate(iso) ?? '';
  for (const [unit, size] of UNITS) {
    if (Math.abs(elapsed) >= size) return relativeFormat.format(Math.round(elapsed / size), unit);
  }
  return 'just now';
}

const ACTIVITY_ICONS: Record<TDashboardActivity['type'], ComponentType<{ size?: number }>> = {
  applied: UserIcon,
  'invite-accepted': CheckCircleIcon,
  'invite-declined': ClipboardIcon,
  'invite-cancelled': CloseIcon,
  invited: MessageIcon,
  pipeline: UsersIcon,
};

type LoadState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; summary: TDashboardSummary };

interface Kpi {
  label: string;
  value: number;
  note?: string;
  to: string;
  icon: ComponentType<{ size?: number }>;
}

function kpisOf(summary: TDashboardSummary): Kpi[] {
  return [
    {
      label: 'Open jobs',
      value: summary.openJobs,
      note: summary.draftJobs > 0 ? `${summary.draftJobs} in draft` : undefined,
      to: '/jobs',
      icon: BriefcaseIcon,
    },
    {
      label: 'New applicants',
      value: summary.newApplicants,
      note: 'Last 7 days',
      to: '/applicants',
      icon: UserIcon,
    },
    { label: 'Total applicants', value: summary.totalApplicants, to: '/applicants', icon: UsersIcon },
    {
      label: 'Saved physicians',
      value: summary.savedApplicants,
      to: '/applicants?tab=saved',
      icon: SparkIcon,
    },
    {
      label: 'Invites pending',
      value: summary.matchesByStatus.pending ?? 0,
      note: 'Awaiting an answer',
      to: '/jobs-resident',
      icon: ClipboardIcon,
    },
    {
      label: 'Invites accepted',
      value: summary.matchesByStatus.accepted ?? 0,
      to: '/messages',
      icon: CheckCircleIcon,
    },
  ];
}

export function HomeScreen() {
  const userId = useAppSelector((state) => state.auth.user?._id);
  const canCreateJobs = useCan('jobs.create');
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt re-runs the load on "Try again".
  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    dashboardApi
      .getSummary(userId, controller.signal)
      .then((summary) => setState({ status: 'ready', summary }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'failed', message: describeError(error) });
      });
    return () => controller.abort();
  }, [userId, attempt]);

  return (
    <>
      <title>Home · MedHire</title>
      <PageHeader
        title="Home"
        description="Your recruiting at a glance: open jobs, new applicants, your pipeline and the latest activity."
        actions={
          canCreateJobs && (
            <Link className={buttonClasses()} to="/create-job" data-tour="post-job">
              Post a job
            </Link>
          )
        }
      />
      <TourLauncher />

      {state.status === 'loading' && <DashboardSkeleton />}
      {state.status === 'failed' && (
        <Alert variant="danger" title="We couldn't load your dashboard" className="home-section">
          <p>{state.message}</p>
          <Button variant="secondary" size="sm" onClick={() => setAttempt((count) => count + 1)}>
            Try again
          </Button>
        </Alert>
      )}

      {state.status === 'ready' ? (
        <Dashboard summary={state.summary} aside={<SubscriptionCard />} />
      ) : (
        <div className="home-grid home-section">
          <SubscriptionCard />
          <NextSteps />
        </div>
      )}
      {state.status === 'ready' && <NextSteps isWide />}
    </>
  );
}

function Dashboard({ summary, aside }: { summary: TDashboardSummary; aside: ReactNode }) {
  const rejected = summary.pipeline.Rejected ?? 0;
  const inPipeline = PIPELINE_DISPLAY_ORDER.reduce((sum, stage) => sum + (summary.pipeline[stage] ?? 0), 0);
  return (
    <>
      <section aria-labelledby="home-kpis-title" className="home-section">
        <h2 id="home-kpis-title" className="visually-hidden">
          Key figures
        </h2>
        <ul className="home-kpis">
          {kpisOf(summary).map((kpi) => {
            const Icon = kpi.icon;
            return (
              <li key={kpi.label}>
                <Link to={kpi.to} className="home-kpi">
                  <span className="home-kpi__icon" aria-hidden="true">
                    <Icon size={18} />
                  </span>
                  <span className="home-kpi__value">{kpi.value}</span>
                  <span className="home-kpi__label">{kpi.label}</span>
                  {kpi.note && <span className="home-kpi__note">{kpi.note}</span>}
                </Link>
              </li>
            );
          })}
        </ul>
      </section>

      <div className="home-charts home-section">
        <Card
          title="Applications per week"
          description="The last 8 weeks"
          headingLevel={2}
          className="home-charts__main"
        >
          <WeeklyApplicationsChart weeks={summary.applicationsByWeek} />
        </Card>
        <Card title="Invites" description="By answer" headingLevel={2} className="home-charts__side">
          <MatchesDonut matchesByStatus={summary.matchesByStatus} />
          <Link className="home-grid__link" to="/jobs-resident?tab=invites">
            See all invites
          </Link>
        </Card>
        <div className="home-charts__side home-charts__stack">
          <Card
            title="Pipeline"
            description={`${inPipeline} ${inPipeline === 1 ? 'application' : 'applications'} across your jobs`}
            headingLevel={2}
          >
            {inPipeline === 0 ? (
              <p className="home-muted">
                No applications yet. Stages fill in as physicians apply and you move them.
              </p>
            ) : (
              <>
                <PipelineFunnel pipeline={summary.pipeline} stages={FUNNEL_STAGES} />
                <p className="home-funnel-note">
                  <span>Rejected</span>
                  <strong>{rejected}</strong>
                </p>
              </>
            )}
          </Card>
          {aside}
        </div>
        <Card title="Recent activity" headingLevel={2} className="home-charts__main">
          {summary.recentActivity.length === 0 ? (
            <EmptyState
              headingLevel={3}
              icon={<UsersIcon size={26} />}
              title="No activity yet"
              description="New applicants, answers to your invites and pipeline moves will appear here as they happen."
              action={
                <Link className={buttonClasses({ variant: 'secondary' })} to="/explore">
                  Explore physicians
                </Link>
              }
            />
          ) : (
            <ul className="home-activity-list">
              {summary.recentActivity.map((activity) => {
                const Icon = ACTIVITY_ICONS[activity.type];
                return (
                  <li
                    key={`${activity.type}-${activity.at}-${activity.applicantId}`}
                    className="home-activity-item"
                  >
                    <span
                      className={`home-activity-item__icon home-activity-item__icon--${activity.type}`}
                      aria-hidden="true"
                    >
                      <Icon size={16} />
                    </span>
                    <div className="home-activity-item__body">
                      <Link to={`/applicants/${encodeURIComponent(activity.applicantId)}`}>
                        {activity.text}
                      </Link>
                      <p className="home-activity-item__meta">
                        <time dateTime={activity.at}>{timeAgo(activity.at)}</time>
                        <span aria-hidden="true"> · </span>
                        <Link to={`/jobs-resident/${encodeURIComponent(activity.jobId)}`}>
                          View job<span className="visually-hidden">: {activity.text}</span>
                        </Link>
                      </p>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </Card>
      </div>
    </>
  );
}

function DashboardSkeleton() {
  return (
    <div className="home-section" aria-busy="true">
      <span className="visually-hidden" role="status">
        Loading your dashboard
      </span>
      <div className="home-kpis">
        {['a', 'b', 'c', 'd', 'e', 'f'].map((key) => (
          <Skeleton key={key} height="6.5rem" radius="var(--radius-lg)" />
        ))}
      </div>
      <div className="home-charts home-section">
        <Skeleton height="18rem" radius="var(--radius-lg)" className="home-charts__main" />
        <Skeleton height="16rem" radius="var(--radius-lg)" />
        <Skeleton height="16rem" radius="var(--radius-lg)" />
      </div>
    </div>
  );
}

function SubscriptionCard() {
  const user = useAppSelector((state) => state.auth.user);
  const meta = user?.subscriptionMeta;
  const status = user ? SUBSCRIPTION_LABELS[user.subscriptionStatus] : null;
  const renewal = formatDate(meta?.currentPeriodEnd ?? null);
  const canManageBilling = useCan('billing');
  return (
    <Card
      title="Subscription"
      headingLevel={2}
      actions={status && <Badge variant={status.variant}>{status.label}</Badge>}
    >
      <dl className="home-stats">
        <div>
          <dt>Plan</dt>
          <dd>{meta?.planName ?? 'No plan chosen yet'}</dd>
        </div>
        <div>
          <dt>Invites left</dt>
          <dd>{meta?.invitesLeft ?? 0}</dd>
        </div>
        {renewal && (
          <div className="home-stats__wide">
            <dt>Current period ends</dt>
            <dd>{renewal}</dd>
          </div>
        )}
      </dl>
      {canManageBilling && (
        <Link className="home-grid__link" to="/manage-subscriptions">
          Manage subscription
        </Link>
      )}
    </Card>
  );
}

function NextSteps({ isWide = false }: { isWide?: boolean }) {
  const rights = useAppSelector((state) => state.auth.user?.rights);
  const steps = NEXT_STEPS.filter((step) => rights?.includes(step.right));
  if (steps.length === 0) return null;
  return (
    <Card title="Next steps" headingLevel={2} className={isWide ? 'home-section' : undefined}>
      <ul className={isWide ? 'home-steps home-steps--row' : 'home-steps'}>
        {steps.map((step) => {
          const Icon = step.icon;
          return (
            <li key={step.to}>
              <Link to={step.to} className="home-steps__item">
                <span className="home-steps__icon" aria-hidden="true">
                  <Icon size={20} />
                </span>
                <span>
                  <span className="home-steps__title">{step.title}</span>
                  <span className="home-steps__text">{step.text}</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
