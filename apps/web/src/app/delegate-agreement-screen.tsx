import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../components/ui/alert.tsx';
import { Button } from '../components/ui/button.tsx';
import { userUpdated } from '../features/auth/auth-slice.ts';
import { DELEGATE_ACCESS } from '../features/legal/legal-documents.ts';
import { teamApi } from '../features/team/api/team-api.ts';
import { errorMessage } from '../lib/http.ts';
import { useAppDispatch } from './hooks.ts';

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
      setFailure(errorMessage(error));
    } finally {
      setIsAccepting(false);
    }
  };

  return (
    <article className="delegate-agreement" aria-labelledby="delegate-agreement-title">
      <h1 id="delegate-agreement-title">{DELEGATE_ACCESS.title}</h1>
      <p>
        You were invited as a delegate. Read and accept the agreement to start working on the jobs given to
        you.
      </p>
      {DELEGATE_ACCESS.sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
      {failure && <Alert variant="danger">{failure}</Alert>}
      <Button onClick={accept} isLoading={isAccepting}>
        I accept the Delegate Access agreement
      </Button>
    </article>
  );
}
