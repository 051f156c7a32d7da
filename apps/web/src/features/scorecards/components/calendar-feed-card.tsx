import type { TCalendarFeedLink } from '@medhire/contract/interviews';
import { Alert } from '@medhire/ui/alert.tsx';
import { Button, buttonClasses } from '@medhire/ui/button.tsx';
import { Card } from '@medhire/ui/card.tsx';
import { TextField } from '@medhire/ui/field.tsx';
import { Modal } from '@medhire/ui/modal.tsx';
import { Spinner } from '@medhire/ui/spinner.tsx';
import { notifyError, notifySuccess } from '@medhire/ui/toast.ts';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { describeError, errorMessage } from '../../../lib/http.ts';
import { scorecardsApi } from '../api/scorecards-api.ts';
import './scorecards.css';

const COPY_FAILED = 'The link could not be copied. Select it and copy it yourself.';

function FeedLinkField({ label, url }: { label: string; url: string }) {
  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notifySuccess(`${label} copied.`);
    } catch {
      notifyError(COPY_FAILED);
    }
  };
  return (
    <div className="calendar-feed__link">
      <TextField
        label={label}
        value={url}
        readOnly
        spellCheck={false}
        onFocus={(event) => event.currentTarget.select()}
      />
      <Button variant="secondary" aria-label={`Copy ${label.toLowerCase()}`} onClick={onCopy}>
        Copy
      </Button>
    </div>
  );
}

/**
 * Settings: the signed-in member's own interview calendar as a feed their calendar app
 * subscribes to. The link is a secret (whoever has it sees the interviews), so it can be replaced;
 * the old one then stops working.
 */
export function CalendarFeedCard() {
  const [link, setLink] = useState<TCalendarFeedLink | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const [isResetting, setIsResetting] = useState(false);

  const load = useCallback((signal?: AbortSignal) => {
    setLoadError(null);
    scorecardsApi
      .getCalendarFeedLink(signal)
      .then(setLink)
      .catch((error) => {
        if (!signal?.aborted) setLoadError(describeError(error));
      });
  }, []);
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const onReset = async () => {
    setIsResetting(true);
    try {
      setLink(await scorecardsApi.resetCalendarFeedLink());
      notifySuccess('Your calendar link is replaced. Subscribe again with the new one.');
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setIsResetting(false);
      setIsConfirming(false);
    }
  };

  let body: ReactNode;
  if (loadError) {
    body = (
      <Alert variant="danger" title="Your calendar link could not be loaded.">
        <p>{loadError}</p>
        <Button variant="secondary" size="sm" onClick={() => load()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (!link) {
    body = <Spinner label="Loading your calendar link" />;
  } else {
    body = (
      <div className="calendar-feed">
        <FeedLinkField label="Calendar link" url={link.httpsUrl} />
        <FeedLinkField label="Webcal link" url={link.webcalUrl} />
        <p className="form-grid__note">
          Keep these links to yourself: anyone who has one sees your interviews. Calendar apps refresh a
          subscription every few hours.
        </p>
        <div className="calendar-feed__actions">
          <a className={buttonClasses({ variant: 'primary' })} href={link.webcalUrl}>
            Add to calendar
          </a>
          <Button variant="ghost" onClick={() => setIsConfirming(true)}>
            Reset link
          </Button>
        </div>
      </div>
    );
  }

  return (
    <Card
      title="Your interview calendar"
      description="Subscribe to your interviews from Google Calendar, Outlook or Apple Calendar."
    >
      {body}
      <Modal
        isOpen={isConfirming}
        onClose={() => setIsConfirming(false)}
        title="Reset your calendar link?"
        description="The current link stops working at once, and calendars subscribed with it stop getting your interviews. Subscribe again with the new link."
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setIsConfirming(false)} disabled={isResetting}>
              Keep the link
            </Button>
            <Button variant="danger" onClick={onReset} isLoading={isResetting}>
              Reset link
            </Button>
          </>
        }
      />
    </Card>
  );
}
