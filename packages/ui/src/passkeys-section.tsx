import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Alert } from './alert.tsx';
import { Badge } from './badge.tsx';
import { Button } from './button.tsx';
import { Card } from './card.tsx';
import { TextField } from './field.tsx';
import { Modal } from './modal.tsx';
import { createPasskey, isPasskeySupported, passkeyErrorMessage } from './passkey-browser.ts';
import { Spinner } from './spinner.tsx';
import { notifyError, notifySuccess } from './toast.ts';
import './passkeys-section.css';

/** One passkey as `GET …/auth/passkeys` lists it. */
export interface PasskeyItem {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  isBackedUp: boolean;
}

/** The account's passkey calls, through the app's own API client (each app has its own base path). */
export interface PasskeysApi {
  list: (signal?: AbortSignal) => Promise<{ passkeys: PasskeyItem[] }>;
  registrationOptions: () => Promise<{ options: Record<string, unknown> }>;
  register: (name: string, credential: Record<string, unknown>) => Promise<{ passkeys: PasskeyItem[] }>;
  rename: (id: string, name: string) => Promise<{ passkeys: PasskeyItem[] }>;
  remove: (id: string) => Promise<{ passkeys: PasskeyItem[] }>;
}

export interface PasskeysSectionProps {
  api: PasskeysApi;
  /** The app's wording of a failed call. */
  describeError: (error: unknown) => string;
  /** Called after a passkey was added or removed (the sign-in protection shown elsewhere changed). */
  onChange?: () => void;
  headingLevel?: 2 | 3;
  /** Without its own card and title, inside a section of the app's settings that has them. */
  isBare?: boolean;
}

type Load =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; passkeys: PasskeyItem[] };

const DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

function day(iso: string): string {
  return DAY.format(new Date(iso));
}

/** A name for the passkey being made, from the browser's description of the device. */
function suggestedName(): string {
  if (typeof navigator === 'undefined') return 'My passkey';
  const agent = navigator.userAgent;
  if (/iPhone/.test(agent)) return 'iPhone';
  if (/iPad/.test(agent)) return 'iPad';
  if (/Android/.test(agent)) return 'Android phone';
  if (/Mac OS X/.test(agent)) return 'Mac';
  if (/Windows/.test(agent)) return 'Windows computer';
  return 'My passkey';
}

function checkName(name: string): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return 'Give the passkey a name, such as "Work laptop".';
  if (trimmed.length > 60) return 'Keep the name under 60 characters.';
  return undefined;
}

/**
 * Settings → Security, "Passkeys": sign in with a fingerprint, face or screen lock instead of a
 * password, or confirm a sign-in with one. Lists the account's passkeys (name, added, last used)
 * and adds, renames and removes them.
 */
export function PasskeysSection({
  api,
  describeError,
  onChange,
  headingLevel = 2,
  isBare = false,
}: PasskeysSectionProps) {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [reloads, setReloads] = useState(0);
  const [newName, setNewName] = useState(suggestedName);
  const [nameError, setNameError] = useState<string>();
  const [isAdding, setIsAdding] = useState(false);
  const [addError, setAddError] = useState<string>();
  const [renaming, setRenaming] = useState<PasskeyItem | null>(null);
  const [removing, setRemoving] = useState<PasskeyItem | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const isSupported = isPasskeySupported();

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads re-runs the load.
  useEffect(() => {
    const controller = new AbortController();
    api
      .list(controller.signal)
      .then(({ passkeys }) => setLoad({ status: 'ready', passkeys }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoad({ status: 'failed', message: describeError(error) });
      });
    return () => controller.abort();
  }, [reloads]);

  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = checkName(newName);
    setNameError(problem);
    if (problem) {
      nameInput.current?.focus();
      return;
    }
    setAddError(undefined);
    setIsAdding(true);
    try {
      const { options } = await api.registrationOptions();
      let credential: Record<string, unknown>;
      try {
        credential = await createPasskey(options);
      } catch (error) {
        setAddError(passkeyErrorMessage(error));
        return;
      }
      const { passkeys } = await api.register(newName.trim(), credential);
      setLoad({ status: 'ready', passkeys });
      notifySuccess('The passkey is ready. You can sign in with it now.');
      onChange?.();
    } catch (error) {
      setAddError(describeError(error));
    } finally {
      setIsAdding(false);
    }
  };

  let body: ReactNode;
  if (load.status === 'loading') {
    body = (
      <p className="passkeys__status" role="status">
        <Spinner size="sm" /> Loading your passkeys…
      </p>
    );
  } else if (load.status === 'failed') {
    body = (
      <Alert variant="danger" title="We couldn't load your passkeys">
        <p>{load.message}</p>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            setLoad({ status: 'loading' });
            setReloads((count) => count + 1);
          }}
        >
          Try again
        </Button>
      </Alert>
    );
  } else {
    body = (
      <>
        {load.passkeys.length === 0 ? (
          <p className="passkeys__status">
            You have no passkeys yet. Add one to sign in with this device's fingerprint, face or screen lock.
          </p>
        ) : (
          <ul className="passkeys__items" aria-label="Your passkeys">
            {load.passkeys.map((passkey) => (
              <li key={passkey.id} className="passkeys__item">
                <div className="passkeys__text">
                  <p className="passkeys__name">
                    {passkey.name} {passkey.isBackedUp && <Badge variant="neutral">Synced</Badge>}
                  </p>
                  <p className="passkeys__meta">
                    Added <time dateTime={passkey.createdAt}>{day(passkey.createdAt)}</time> ·{' '}
                    {passkey.lastUsedAt ? (
                      <>
                        Last used <time dateTime={passkey.lastUsedAt}>{day(passkey.lastUsedAt)}</time>
                      </>
                    ) : (
                      'Not used yet'
                    )}
                  </p>
                </div>
                <div className="passkeys__actions">
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => setRenaming(passkey)}
                    aria-label={`Rename the passkey ${passkey.name}`}
                  >
                    Rename
                  </Button>
                  <Button
                    variant="danger"
                    size="sm"
                    onClick={() => setRemoving(passkey)}
                    aria-label={`Remove the passkey ${passkey.name}`}
                  >
                    Remove
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        {isSupported ? (
          <form className="passkeys__add" onSubmit={add} noValidate>
            {addError && (
              <Alert variant="danger" title="The passkey was not added">
                {addError}
              </Alert>
            )}
            <TextField
              ref={nameInput}
              label="Name of the new passkey"
              name="passkeyName"
              autoComplete="off"
              maxLength={60}
              value={newName}
              onChange={(event) => setNewName(event.target.value)}
              error={nameError}
            />
            <Button type="submit" isLoading={isAdding}>
              Add a passkey
            </Button>
          </form>
        ) : (
          <p className="passkeys__status">This browser cannot create passkeys.</p>
        )}
      </>
    );
  }

  const dialogs = (
    <>
      {renaming && (
        <RenamePasskeyDialog
          passkey={renaming}
          onClose={() => setRenaming(null)}
          onRename={async (name) => {
            const { passkeys } = await api.rename(renaming.id, name);
            setLoad({ status: 'ready', passkeys });
            setRenaming(null);
            notifySuccess('The passkey was renamed.');
          }}
          describeError={describeError}
        />
      )}
      {removing && (
        <Modal
          isOpen
          size="sm"
          title="Remove this passkey?"
          description={`"${removing.name}" will no longer sign you in. You can add it again later.`}
          onClose={() => setRemoving(null)}
          footer={
            <>
              <Button variant="secondary" onClick={() => setRemoving(null)}>
                Cancel
              </Button>
              <Button
                variant="danger"
                onClick={async () => {
                  try {
                    const { passkeys } = await api.remove(removing.id);
                    setLoad({ status: 'ready', passkeys });
                    notifySuccess('The passkey was removed. It no longer signs you in.');
                    onChange?.();
                  } catch (error) {
                    notifyError(describeError(error));
                  } finally {
                    setRemoving(null);
                  }
                }}
              >
                Remove passkey
              </Button>
            </>
          }
        >
          <p className="passkeys__status">Your password and other passkeys keep working.</p>
        </Modal>
      )}
    </>
  );
  if (isBare) {
    return (
      <div className="passkeys">
        <p className="passkeys__status">{DESCRIPTION}</p>
        {body}
        {dialogs}
      </div>
    );
  }
  return (
    <Card title="Passkeys" headingLevel={headingLevel} description={DESCRIPTION}>
      <div className="passkeys">{body}</div>
      {dialogs}
    </Card>
  );
}

const DESCRIPTION =
  'Sign in with your fingerprint, face or screen lock instead of a password. A passkey also confirms a sign-in after your password.';

interface RenamePasskeyDialogProps {
  passkey: PasskeyItem;
  onClose: () => void;
  onRename: (name: string) => Promise<void>;
  describeError: (error: unknown) => string;
}

function RenamePasskeyDialog({ passkey, onClose, onRename, describeError }: RenamePasskeyDialogProps) {
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<string>();
  const [isSaving, setIsSaving] = useState(false);
  const formId = useId();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = checkName(name);
    setError(problem);
    if (problem) return;
    setIsSaving(true);
    try {
      await onRename(name.trim());
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Modal
      isOpen
      size="sm"
      title="Rename passkey"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} isLoading={isSaving}>
            Save name
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <TextField
          label="Passkey name"
          name="name"
          autoComplete="off"
          maxLength={60}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={error}
        />
      </form>
    </Modal>
  );
}
