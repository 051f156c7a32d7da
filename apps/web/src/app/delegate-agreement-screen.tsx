import { Alert } from '@medhire/ui/alert.tsx';
import { Button } from '@medhire/ui/button.tsx';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { userUpdated } from '../features/auth/auth-slice.ts';
import { DELEGATE_ACCESS } from '../features/legal/legal-documents.ts';
import { teamApi } from '../features/team/api/team-api.ts';
import { describeError } from '../lib/http.ts';
import { useAppDispatch } from './hooks.ts';
import '../features/legal/components/legal-screens.css';
import './delegate-agreement-screen.css';

/**
 * A delegate's first sign-in: the Delegate Access agreement to read and accept before anything
 * else (the server refuses every other call until then).
 */
export function DelegateAgreementScreen() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const [isAccepting, setIsAccepting] = useState(false);

  const accept = async () => {
    setIsAccepting(true);
    setFailure(null);
    try {
      dispatch(userUpdated(await teamApi.acceptDelegateAgreement()));
      void navigate('/jobs', { replace: true });
    } catch (error) {
      setFailure(describeError(error));
    } finally {
      setIsAccepting(false);
    }
  };

  return (
    <article className="delegate-agreement" aria-labelledby="delegate-agreement-title">
      <title>{`${DELEGATE_ACCESS.title} · MedHire`}</title>
      <header className="delegate-agreement__header">
        <p className="delegate-agreement__eyebrow">Before you start</p>
        <h1 id="delegate-agreement-title">{DELEGATE_ACCESS.title}</h1>
        <p className="delegate-agreement__lead">
          You were invited as a delegate. Read and accept the agreement to start working on the jobs given to
          you.
        </p>
      </header>
      {DELEGATE_ACCESS.sections.map((section) => (
        <section key={section.heading} className="legal__section">
          <h2>{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          {section.points && (
            <ul>
              {section.points.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
      <footer className="delegate-agreement__footer">
        {failure && (
          <Alert variant="danger" title="The agreement could not be accepted">
            {failure}
          </Alert>
        )}
        <Button size="lg" onClick={accept} isLoading={isAccepting}>
          I accept the Delegate Access agreement
        </Button>
      </footer>
    </article>
  );
}
