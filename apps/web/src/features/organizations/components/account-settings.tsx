import type { TUser } from '@medhire/contract/account';
import { type TResetPasswordBody, ZResetPasswordBody, ZUpdateFullNameBody } from '@medhire/contract/auth';
import { ZUpdateEmailBody } from '@medhire/contract/organization';
import { Alert } from '@medhire/ui/alert.tsx';
import { Button } from '@medhire/ui/button.tsx';
import { Card } from '@medhire/ui/card.tsx';
import { EmailField, TextField } from '@medhire/ui/field.tsx';
import { contractResolver } from '@medhire/ui/form-resolver.ts';
import { Modal } from '@medhire/ui/modal.tsx';
import { notifySuccess } from '@medhire/ui/toast.ts';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../../app/hooks.ts';
import type { SignOutState } from '../../../app/route-guards.tsx';
import { syncUser, userUpdated } from '../../../app/session.ts';
import { ServerForm, useServerError } from '../../../components/form-error.tsx';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';
import { VerifyCodeStep } from '../../../components/verify-code-step.tsx';
import { describeError } from '../../../lib/http.ts';
import { organizationApi } from '../api/organization-api.ts';
import { profileDraftStore } from '../profile-form-values.ts';

/** The account behind the organisation: the person's name, e-mail, password, and closing it. */
export function AccountSettings({ user }: { user: TUser }) {
  return (
    <section className="account-settings" aria-labelledby="account-settings-title">
      <h2 id="account-settings-title" className="account-settings__title">
        Account
      </h2>
      <FullNameCard user={user} />
      <ChangeEmailCard user={user} />
      <ChangePasswordCard user={user} />
      <DeleteAccountCard user={user} />
    </section>
  );
}

/** The person's own name, which the team, the activity log and the account menu show. */
function FullNameCard({ user }: { user: TUser }) {
  const dispatch = useAppDispatch();
  const serverError = useServerError();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: contractResolver(ZUpdateFullNameBody),
    defaultValues: { fullName: user.fullName ?? '' },
  });

  const onSubmit = handleSubmit((body) =>
    serverError.attempt(async () => {
      dispatch(userUpdated(await organizationApi.updateFullName(user._id, body)));
      notifySuccess('Your name is saved.');
    }),
  );

  return (
    <Card
      title="Your name"
      description={
        user.fullName
          ? 'Your team sees it beside what you do in MedHire.'
          : 'Your team sees only your e-mail address until you add your name.'
      }
    >
      <ServerForm
        className="account-form"
        serverError={serverError}
        errorTitle="We couldn't save your name"
        onSubmit={onSubmit}
      >
        <TextField
          label="Full name"
          autoComplete="name"
          error={errors.fullName?.message}
          {...register('fullName')}
        />
        <div className="account-form__actions">
          <Button type="submit" isLoading={isSubmitting}>
            Save name
          </Button>
        </div>
      </ServerForm>
    </Card>
  );
}

function ChangeEmailCard({ user }: { user: TUser }) {
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  return (
    <Card
      title="Sign-in e-mail"
      description={
        <>
          You sign in as <strong>{user.email}</strong>. A new address must be confirmed with a code sent to
          it.
        </>
      }
    >
      {pendingEmail ? (
        <ConfirmEmailForm user={user} email={pendingEmail} onDone={() => setPendingEmail(null)} />
      ) : (
        <NewEmailForm user={user} onCodeSent={setPendingEmail} />
      )}
    </Card>
  );
}

function NewEmailForm({ user, onCodeSent }: { user: TUser; onCodeSent: (email: string) => void }) {
  const serverError = useServerError();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: contractResolver(ZUpdateEmailBody), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async (body) => {
    if (body.email === user.email) {
      serverError.setMessage('That is already your sign-in e-mail.');
      return;
    }
    await serverError.attempt(async () => {
      await organizationApi.updateEmail(user._id, body);
      onCodeSent(body.email);
    });
  });

  return (
    <ServerForm
      className="account-form"
      serverError={serverError}
      errorTitle="We couldn't send the code"
      onSubmit={onSubmit}
    >
      <EmailField
        label="New e-mail address"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <div className="account-form__actions">
        <Button type="submit" isLoading={isSubmitting}>
          Send code
        </Button>
      </div>
    </ServerForm>
  );
}

function ConfirmEmailForm({ user, email, onDone }: { user: TUser; email: string; onDone: () => void }) {
  const dispatch = useAppDispatch();
  return (
    <VerifyCodeStep
      layout="inline"
      email={email}
      submitLabel="Confirm new e-mail"
      errorTitle="We couldn't change your e-mail"
      onVerify={async (otp) => {
        const answer = await organizationApi.verifyUpdateEmailOtp(user._id, { email, otp });
        if (answer?.user) dispatch(userUpdated(answer.user));
        else await dispatch(syncUser(user._id));
        notifySuccess(`You now sign in as ${email}.`);
        onDone();
      }}
      onResend={() => organizationApi.updateEmail(user._id, { email })}
      onBack={onDone}
    />
  );
}

function ChangePasswordCard({ user }: { user: TUser }) {
  const serverError = useServerError();
  const {
    register,
    handleSubmit,
    watch,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<TResetPasswordBody, unknown, TResetPasswordBody>({
    resolver: contractResolver(ZResetPasswordBody),
    defaultValues: { oldPassword: '', newPassword: '' },
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit((body) =>
    serverError.attempt(async () => {
      await organizationApi.resetPassword(user._id, body);
      reset();
      notifySuccess('Your password has been changed. Other devices have been signed out.');
    }),
  );

  return (
    <Card title="Password" description="Changing it signs out your other devices.">
      <ServerForm
        className="account-form"
        serverError={serverError}
        errorTitle="We couldn't change your password"
        onSubmit={onSubmit}
      >
        <NewPasswordFields
          email={user.email}
          password={watch('newPassword')}
          registration={register('newPassword')}
          error={errors.newPassword?.message}
          withHiddenUsername
          current={{ registration: register('oldPassword'), error: errors.oldPassword?.message }}
        />
        <div className="account-form__actions">
          <Button type="submit" isLoading={isSubmitting}>
            Change password
          </Button>
        </div>
      </ServerForm>
    </Card>
  );
}

export const DELETE_CONFIRMATION_WORD = 'DELETE';

function DeleteAccountCard({ user }: { user: TUser }) {
  const navigate = useNavigate();
  const inputId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [isDeleting, setIsDeleting] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const isConfirmed = typed.trim() === DELETE_CONFIRMATION_WORD;

  const close = () => {
    if (isDeleting) return;
    setIsOpen(false);
    setTyped('');
    setServerError(null);
  };

  // Only the owner's account carries the organisation with it; another member leaves the team.
  const isOwner = user.memberRole === 'owner';

  const remove = async () => {
    if (!isConfirmed) return;
    setIsDeleting(true);
    setServerError(null);
    try {
      await organizationApi.archiveProfile(user._id);
    } catch (error) {
      setServerError(describeError(error));
      setIsDeleting(false);
      return;
    }
    profileDraftStore.clear();
    notifySuccess('Your account has been deleted.');
    // The session ends on arrival at / (see GuestOnly), never on a signed-in page.
    const state: SignOutState = { signOut: true };
    await navigate('/', { replace: true, state });
  };

  return (
    <Card
      title="Delete account"
      description={
        isOwner
          ? "Closes your account and takes your organization's jobs off MedHire. This cannot be undone."
          : 'Closes your account and takes you off the hiring team; the organization keeps its jobs, and those assigned to you become unassigned. This cannot be undone.'
      }
      className="danger-zone"
    >
      <div className="account-form__actions">
        <Button variant="danger" onClick={() => setIsOpen(true)}>
          Delete account
        </Button>
      </div>
      <Modal
        isOpen={isOpen}
        onClose={close}
        size="sm"
        title="Delete your account?"
        description={
          isOwner
            ? 'Your jobs, matches and conversations will no longer be available. You will be signed out.'
            : 'You leave the hiring team and will be signed out.'
        }
        footer={
          <>
            <Button variant="secondary" onClick={close} disabled={isDeleting}>
              Keep my account
            </Button>
            <Button variant="danger" onClick={remove} disabled={!isConfirmed} isLoading={isDeleting}>
              Delete account
            </Button>
          </>
        }
      >
        <form
          className="delete-confirm"
          onSubmit={(event) => {
            event.preventDefault();
            void remove();
          }}
        >
          {serverError && (
            <Alert variant="danger" title="We couldn't delete your account">
              {serverError}
            </Alert>
          )}
          <TextField
            id={inputId}
            label={
              <>
                Type <strong>{DELETE_CONFIRMATION_WORD}</strong> to confirm
              </>
            }
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
        </form>
      </Modal>
    </Card>
  );
}
