import { Alert } from '@medhire/ui/alert.tsx';
import { Button, buttonClasses } from '@medhire/ui/button.tsx';
import { EmptyState } from '@medhire/ui/empty-state.tsx';
import { ClipboardIcon } from '@medhire/ui/icons.tsx';
import { PageHeader } from '@medhire/ui/page-header.tsx';
import { Spinner } from '@medhire/ui/spinner.tsx';
import { Link } from 'react-router';
import { InterviewCard, ZoneNote } from './interview-card.tsx';
import { deviceTimeZone, splitInterviews } from './interview-format.ts';
import { useGetMyInterviewsQuery } from './interviews-api.ts';
import './interviews.css';

export function InterviewsScreen() {
  const { data, error, isLoading, isFetching, refetch } = useGetMyInterviewsQuery();
  const timeZone = deviceTimeZone();
  const { upcoming, past } = splitInterviews(data?.interviews ?? []);

  return (
    <>
      <title>Interviews · MedHire for physicians</title>
      <PageHeader
        title="Your interviews"
        description="Pick a time, ask for another, or decline."
        actions={
          <Link className={buttonClasses({ variant: 'secondary', size: 'sm' })} to="/applications">
            Applications
          </Link>
        }
      />
      {isLoading ? (
        <Spinner label="Loading your interviews" />
      ) : error && !data ? (
        <Alert variant="danger" title="Your interviews did not load">
          <p>{error.message}</p>
          <Button size="sm" variant="secondary" onClick={() => void refetch()}>
            Try again
          </Button>
        </Alert>
      ) : !data || data.interviews.length === 0 ? (
        <EmptyState
          icon={<ClipboardIcon size={28} />}
          title="No interviews yet"
          description="When an employer invites you to an interview, it shows here and in your e-mail."
        />
      ) : (
        <div className="interviews" aria-busy={isFetching}>
          <ZoneNote timeZone={timeZone} />
          <section aria-labelledby="upcoming-interviews">
            <h2 id="upcoming-interviews" className="interviews__heading">
              Upcoming ({upcoming.length})
            </h2>
            {upcoming.length === 0 ? (
              <p className="interviews__none">Nothing coming up.</p>
            ) : (
              <ul className="interviews__list">
                {upcoming.map((interview) => (
                  <InterviewCard
                    key={interview._id}
                    interview={interview}
                    target={{ interviewId: interview._id }}
                    timeZone={timeZone}
                  />
                ))}
              </ul>
            )}
          </section>
          {past.length > 0 && (
            <section aria-labelledby="past-interviews">
              <h2 id="past-interviews" className="interviews__heading">
                Past and called off
              </h2>
              <ul className="interviews__list">
                {past.map((interview) => (
                  <InterviewCard
                    key={interview._id}
                    interview={interview}
                    target={{ interviewId: interview._id }}
                    timeZone={timeZone}
                  />
                ))}
              </ul>
            </section>
          )}
        </div>
      )}
    </>
  );
}
