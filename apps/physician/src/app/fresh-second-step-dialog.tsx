import type { TConfirmSecondStepBody, TSecurityStatus } from '@medhire/contract/security';
import { Modal } from '@medhire/ui/modal.tsx';
import { SecondStepForm } from '@medhire/ui/second-step-form.tsx';
import { request } from '../lib/http.ts';

export interface FreshSecondStepDialogProps {
  /** true once the code was accepted, false when the person closed the dialog. */
  onDone: (isConfirmed: boolean) => void;
}

/** "Confirm it's you": a code from the authenticator app (or a recovery code) before a sensitive change. */
export function FreshSecondStepDialog({ onDone }: FreshSecondStepDialogProps) {
  return (
    <Modal
      isOpen
      onClose={() => onDone(false)}
      title="Confirm it's you"
      description="This change needs a code from your authenticator app, because your last one was more than 10 minutes ago."
      size="sm"
    >
      <SecondStepForm
        methods={['totp', 'recovery_code']}
        submitLabel="Confirm"
        cancelLabel="Cancel"
        onCancel={() => onDone(false)}
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
