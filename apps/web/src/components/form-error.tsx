import { Alert } from '@medhire/ui/alert.tsx';
import { notifyFormError } from '@medhire/ui/toast.ts';
import { type FormEventHandler, type ReactNode, useCallback, useId, useMemo, useState } from 'react';
import { describeError, errorMessage } from '../lib/http.ts';

/** A refusal from the server, shown above the form it belongs to. */
export function FormError({ id, title, message }: { id: string; title: string; message: string | null }) {
  if (!message) return null;
  return (
    <div id={id}>
      <Alert variant="danger" title={title}>
        {message}
      </Alert>
    </div>
  );
}

export interface ServerError {
  /** The id of the shown refusal, for the form's `aria-describedby`. */
  id: string;
  message: string | null;
  setMessage: (message: string | null) => void;
  /**
   * Runs a request: clears the last refusal first, and shows a failure above the form and in a
   * toast. Resolves either way, so `handleSubmit` never sees a rejection.
   */
  attempt: (action: () => Promise<unknown>) => Promise<void>;
}

/** The server's refusal of a form's last submission. */
export function useServerError(): ServerError {
  const id = useId();
  const [message, setMessage] = useState<string | null>(null);
  const attempt = useCallback(async (action: () => Promise<unknown>) => {
    setMessage(null);
    try {
      await action();
    } catch (error) {
      // The toast shows the call's own text (spec §8); the form says it in words to act on.
      setMessage(describeError(error));
      notifyFormError(errorMessage(error));
    }
  }, []);
  return useMemo(() => ({ id, message, setMessage, attempt }), [id, message, attempt]);
}

export interface ServerFormProps {
  serverError: ServerError;
  /** The title of the refusal, e.g. "We couldn't send the code". */
  errorTitle: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  className?: string;
  children: ReactNode;
}

/** A form that validates itself (noValidate) and shows the server's refusal above its fields. */
export function ServerForm({
  serverError,
  errorTitle,
  onSubmit,
  className = 'auth-form',
  children,
}: ServerFormProps) {
  return (
    <form
      className={className}
      onSubmit={onSubmit}
      noValidate
      aria-describedby={serverError.message ? serverError.id : undefined}
    >
      <FormError id={serverError.id} title={errorTitle} message={serverError.message} />
      {children}
    </form>
  );
}
