import { Alert } from '@medhire/ui/alert.tsx';
import { Button } from '@medhire/ui/button.tsx';
import { Logo } from '@medhire/ui/logo.tsx';
import { PageHeader } from '@medhire/ui/page-header.tsx';
import { Spinner } from '@medhire/ui/spinner.tsx';
import { Link, useParams } from 'react-router';
import { useAppSelector } from '../../app/hooks.ts';
import { selectSession } from '../../lib/session-slice.ts';
import { InterviewCard, ZoneNote } from './interview-card.tsx';
import { deviceTimeZone } from './interview-format.ts';
import { useGetLinkedInterviewQuery } from './interviews-api.ts';
import './interviews.css';

/**
 * The page an interview e-mail links to: it needs no sign-in (the link's signed token names the
 * interview) and offers the same answers as the app's Interviews screen.
 */
export function InterviewLinkScreen() {
  const { token = '' } = useParams();
  const session = useAppSelector(selectSession);
  const { data, error, isLoading, refetch } = useGetLinkedInterviewQuery(token);
  const timeZone = deviceTimeZone();

  return (
    <div className="interview-link">
      <header className="interview-link__header">
        <Logo isCompact />
      </header>
      <main id="main" className="interview-link__main">
        <title>Your interview · MedHire for physicians</title>
        <PageHeader
          title="Your interview"
          description={
            data ? `${data.organizationName} invites you to interview for ${data.jobTitle}.` : undefined
          }
        />
        {isLoading ? (
          <Spinner label="Loading the interview" />
        ) : error && !data ? (
          <Alert variant="danger" title="The interview did not load">
            <p>{error.message}</p>
            {!('status' in error && error.status === 404) && (
              <Button size="sm" variant="secondary" onClick={() => void refetch()}>
                Try again
              </Button>
            )}
          </Alert>
        ) : data ? (
          <>
            <ZoneNote timeZone={timeZone} />
            <InterviewCard
              as="article"
              headingLevel={2}
              interview={data}
              target={{ token }}
              timeZone={timeZone}
            />
          </>
        ) : null}
        <p className="interview-link__footer">
          {session ? (
            <Link to="/interviews">See all your interviews</Link>
          ) : (
            <>
              Have a MedHire account? <Link to="/sign-in?redirectTo=%2Finterviews">Sign in</Link> to see all
              your interviews.
            </>
          )}
        </p>
      </main>
    </div>
  );
}
