import { Link } from 'react-router';
import { useAppSelector } from '../../../app/hooks.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { BriefcaseIcon, BuildingIcon, SparkIcon, UsersIcon } from '../../../components/ui/icons.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { TourLauncher } from '../../tour/tour-launcher.tsx';
import './home-screen.css';

const SUBSCRIPTION_LABELS = {
  incomplete: { label: 'Payment needed', variant: 'warning' },
  active: { label: 'Active', variant: 'success' },
  past_due: { label: 'Payment overdue', variant: 'danger' },
  canceled: { label: 'Canceled', variant: 'neutral' },
} as const;

const NEXT_STEPS = [
  {
    to: '/create-job',
    icon: BriefcaseIcon,
    title: 'Post a job',
    text: 'Describe the role, compensation and locations so matched physicians can find it.',
  },
  {
    to: '/edit-profile/would-you-rather',
    icon: SparkIcon,
    title: 'Refine candidate preferences',
    text: 'Specialty, board status, experience and start year decide who is recommended to you.',
  },
  {
    to: '/edit-profile',
    icon: BuildingIcon,
    title: 'Polish your organisation profile',
    text: 'Logo, locations, practice type and photos are what physicians see first.',
  },
] as const;

function formatDate(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? null
    : date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
}

export function HomeScreen() {
  const user = useAppSelector((state) => state.auth.user);
  const meta = user?.subscriptionMeta;
  const status = user ? SUBSCRIPTION_LABELS[user.subscriptionStatus] : null;
  const renewal = formatDate(meta?.currentPeriodEnd ?? null);

  return (
    <>
      <title>Home · MedHire</title>
      <PageHeader
        title="Home"
        description="Your recruiting at a glance: your plan, your next steps and the latest activity on your jobs."
        actions={
          <Link className={buttonClasses()} to="/create-job" data-tour="post-job">
            Post a job
          </Link>
        }
      />
      <TourLauncher />
      <div className="home-grid">
        <Card
          title="Subscription"
          headingLevel={2}
          actions={status && <Badge variant={status.variant}>{status.label}</Badge>}
          className="home-grid__plan"
        >
          <dl className="home-stats">
            <div>
              <dt>Plan</dt>
              <dd>{meta?.planName ?? 'No plan chosen yet'}</dd>
            </div>
            <div>
              <dt>Match invites left</dt>
              <dd>{meta?.invitesLeft ?? 0}</dd>
            </div>
            {renewal && (
              <div className="home-stats__wide">
                <dt>Current period ends</dt>
                <dd>{renewal}</dd>
              </div>
            )}
          </dl>
          <Link className="home-grid__link" to="/manage-subscriptions">
            Manage subscription
          </Link>
        </Card>
        <Card title="Next steps" headingLevel={2} className="home-grid__steps">
          <ul className="home-steps">
            {NEXT_STEPS.map((step) => {
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
      </div>
      <section className="home-activity" aria-labelledby="home-activity-title">
        <h2 id="home-activity-title" className="home-activity__title">
          Recent activity
        </h2>
        <EmptyState
          headingLevel={3}
          icon={<UsersIcon size={26} />}
          title="No activity yet"
          description="New applicants, accepted match invites and messages from physicians will appear here as they happen."
          action={
            <Link className={buttonClasses({ variant: 'secondary' })} to="/explore">
              Explore physicians
            </Link>
          }
        />
      </section>
    </>
  );
}
