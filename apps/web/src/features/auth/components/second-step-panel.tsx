import type { TPasskeyAssertion } from '@medhire/contract/passkeys';
import type { TSecondStepChallenge } from '@medhire/contract/security';
import { getPasskey, passkeyErrorMessage } from '@medhire/ui/passkey-browser.ts';
import { SecondStepForm } from '@medhire/ui/second-step-form.tsx';
import { useAppDispatch } from '../../../app/hooks.ts';
import { describeError, HttpError } from '../../../lib/http.ts';
import { authApi } from '../api/auth-api.ts';
import { completeSecondStep } from '../auth-slice.ts';

export interface SecondStepPanelProps {
  secondStep: TSecondStepChallenge['secondStep'];
  /** Back to the e-mail and password (also the way out of an expired ticket). */
  onCancel: () => void;
}

/**
 * The code of the account's second factor, after a right password. Once accepted the store holds
 * the session and the sign-in route's guard takes the person on, as after a plain sign-in.
 */
export function SecondStepPanel({ secondStep, onCancel }: SecondStepPanelProps) {
  const dispatch = useAppDispatch();
  return (
    <SecondStepForm
      methods={secondStep.methods}
      onCancel={onCancel}
      onPasskey={async () => {
        let passkey: TPasskeyAssertion;
        try {
          const { options } = await authApi.passkeyOptions(secondStep.ticket);
          passkey = (await getPasskey(options)) as TPasskeyAssertion;
        } catch (error) {
          throw new Error(error instanceof HttpError ? describeError(error) : passkeyErrorMessage(error));
        }
        const result = await dispatch(
          completeSecondStep({ ticket: secondStep.ticket, method: 'passkey', passkey }),
        );
        if (completeSecondStep.rejected.match(result)) {
          throw new Error(
            describeError(result.payload ?? result.error.message ?? 'The passkey could not be checked.'),
          );
        }
      }}
      onSubmit={async (method, code) => {
        const result = await dispatch(completeSecondStep({ ticket: secondStep.ticket, method, code }));
        if (completeSecondStep.rejected.match(result)) {
          throw new Error(
            describeError(result.payload ?? result.error.message ?? 'The code could not be checked.'),
          );
        }
      }}
    />
  );
}
