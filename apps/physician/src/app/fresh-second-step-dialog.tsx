import type { TPasskeyAssertion, TPasskeyOptions } from '@medhire/contract/passkeys';
import {
  SECOND_STEP_METHODS,
  type TConfirmSecondStepBody,
  type TSecondStepMethod,
  type TSecurityStatus,
} from '@medhire/contract/security';
import { Modal } from '@medhire/ui/modal.tsx';
import { getPasskey, passkeyErrorMessage } from '@medhire/ui/passkey-browser.ts';
import { SecondStepForm } from '@medhire/ui/second-step-form.tsx';
import { HttpError, request } from '../lib/http.ts';

export interface FreshSecondStepDialogProps {
  /** What the refusal offered: the authenticator app (and recovery codes), a passkey, or both. */
  methods: readonly string[];
  /** true once the code was accepted, false when the person closed the dialog. */
  onDone: (isConfirmed: boolean) => void;
}

function isMethod(method: string): method is TSecondStepMethod {
  return (SECOND_STEP_METHODS as readonly string[]).includes(method);
}

/**
 * "Confirm it's you": a code from the authenticator app (or a recovery code), or one of the
 * account's passkeys, before a sensitive change.
 */
export function FreshSecondStepDialog({ methods, onDone }: FreshSecondStepDialogProps) {
  const offered = methods.filter(isMethod);
  const hasCode = offered.some((method) => method !== 'passkey');
  return (
    <Modal
      isOpen
      onClose={() => onDone(false)}
      title="Confirm it's you"
      description={
        hasCode
          ? 'This change needs a code from your authenticator app (or your passkey), because your last confirmation was more than 10 minutes ago.'
          : 'This change needs your passkey, because your last confirmation was more than 10 minutes ago.'
      }
      size="sm"
    >
      <SecondStepForm
        methods={offered}
        submitLabel="Confirm"
        cancelLabel="Cancel"
        onCancel={() => onDone(false)}
        onPasskey={async () => {
          try {
            const { options } = await request<TPasskeyOptions>(
              'POST',
              '/employee/auth/passkey/confirm-options',
              { body: {}, isSecondStepPromptOff: true },
            );
            const passkey = (await getPasskey(options)) as TPasskeyAssertion;
            const body: TConfirmSecondStepBody = { method: 'passkey', passkey };
            await request<TSecurityStatus>('POST', '/employee/auth/confirm-second-step', {
              body,
              isSecondStepPromptOff: true,
            });
          } catch (error) {
            throw error instanceof HttpError ? error : new Error(passkeyErrorMessage(error));
          }
          onDone(true);
        }}
        onSubmit={async (method, code) => {
          const body: TConfirmSecondStepBody = { method, code };
          await request<TSecurityStatus>('POST', '/employee/auth/confirm-second-step', {
            body,
            isSecondStepPromptOff: true,
          });
          onDone(true);
        }}
      />
    </Modal>
  );
}
