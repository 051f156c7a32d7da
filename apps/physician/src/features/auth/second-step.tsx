import type { TPasskeyAssertion, TPasskeyOptions } from '@medhire/contract/passkeys';
import type { TPhysicianSession } from '@medhire/contract/physicians';
import type { TSecondStepChallenge } from '@medhire/contract/security';
import { getPasskey, passkeyErrorMessage } from '@medhire/ui/passkey-browser.ts';
import { SecondStepForm } from '@medhire/ui/second-step-form.tsx';
import { useAppDispatch } from '../../app/hooks.ts';
import { HttpError, request } from '../../lib/http.ts';
import { signedIn } from '../../lib/session-slice.ts';
import { useCompleteSecondStepMutation } from './auth-api.ts';

export interface SecondStepProps {
  secondStep: TSecondStepChallenge['secondStep'];
  /** Back to the e-mail and password (also the way out of an expired ticket). */
  onCancel: () => void;
  /** After the session is kept, for screens no signed-out guard moves on from (Doximity's return). */
  onSignedIn?: (session: TPhysicianSession) => void;
}

/**
 * After a right password, for an account with a second factor on: the authenticator app's code, a
 * recovery code, or one of its passkeys.
 */
export function SecondStep({ secondStep, onCancel, onSignedIn }: SecondStepProps) {
  const dispatch = useAppDispatch();
  const [completeSecondStep] = useCompleteSecondStepMutation();
  return (
    <section className="auth-screen__form" aria-labelledby="second-step-title">
      <h1 id="second-step-title" className="auth-screen__title">
        Two-step sign-in
      </h1>
      <SecondStepForm
        methods={secondStep.methods}
        onCancel={onCancel}
        onPasskey={async () => {
          let passkey: TPasskeyAssertion;
          try {
            const { options } = await request<TPasskeyOptions>(
              'POST',
              '/employee/auth/passkey/authentication-options',
              { body: { ticket: secondStep.ticket } },
            );
            passkey = (await getPasskey(options)) as TPasskeyAssertion;
          } catch (error) {
            throw error instanceof HttpError ? error : new Error(passkeyErrorMessage(error));
          }
          const result = await completeSecondStep({ ticket: secondStep.ticket, method: 'passkey', passkey });
          if ('error' in result && result.error) {
            const failure = result.error as { message?: string };
            throw new Error(failure.message ?? 'The passkey could not be checked. Try again.');
          }
          if (result.data) {
            dispatch(signedIn(result.data));
            onSignedIn?.(result.data);
          }
        }}
        onSubmit={async (method, code) => {
          const result = await completeSecondStep({ ticket: secondStep.ticket, method, code });
          if ('error' in result && result.error) {
            const failure = result.error as { message?: string };
            throw new Error(failure.message ?? 'The code could not be checked. Try again.');
          }
          // The signed-out guard moves on to where the person was headed.
          if (result.data) {
            dispatch(signedIn(result.data));
            onSignedIn?.(result.data);
          }
        }}
      />
    </section>
  );
}
