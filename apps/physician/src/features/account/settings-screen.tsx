import type { TVerifyUpdateEmailOtpBody } from '@medhire/contract/organization';
import type {
  TPhysicianChangePasswordBody,
  TPhysicianDeleteAccountBody,
  TPhysicianUpdateEmailBody,
} from '@medhire/contract/physician-account';
import { Alert } from '@medhire/ui/alert.tsx';
import { Button } from '@medhire/ui/button.tsx';
import { Card } from '@medhire/ui/card.tsx';
import { EmailField, PasswordField } from '@medhire/ui/field.tsx';
import { LogoutIcon } from '@medhire/ui/icons.tsx';
import { Modal } from '@medhire/ui/modal.tsx';
import { OneTimeCodeField } from '@medhire/ui/one-time-code.tsx';
import { PageHeader } from '@medhire/ui/page-header.tsx';
import { PasskeysSection } from '@medhire/ui/passkeys-section.tsx';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { errorMessage } from '../../lib/http.ts';
import { lazyContractResolver } from '../../lib/lazy-resolver.ts';
import { profileUpdated, selectSession } from '../../lib/session-slice.ts';
import { signOut } from '../../lib/sign-out.ts';
import {
  useChangePasswordMutation,
  useConfirmEmailChangeMutation,
  useDeleteAccountMutation,
  useRequestEmailChangeMutation,
} from './account-api.ts';
import { AuthenticatorSection } from './authenticator-section.tsx';
import { passkeysApi } from './passkeys-api.ts';
import { SignedInDevices } from './signed-in-devices.tsx';
import './settings.css';

const passwordResolver = lazyContractResolver<TPhysicianChangePasswordBody, TPhysicianChangePasswordBody>(
  () =>
    import('@medhire/contract/physician-account').then((contract) => contract.ZPhysicianChangePasswordBody),
);
const emailResolver = lazyContractResolver<TPhysicianUpdateEmailBody, TPhysicianUpdateEmailBody>(() =>
  import('@medhire/contract/physician-account').then((contract) => contract.ZPhysicianUpdateEmailBody),
);
const emailCodeResolver = lazyContractResolver<TVerifyUpdateEmailOtpBody, TVerifyUpdateEmailOtpBody>(() =>
  import('@medhire/contract/organization').then((contract) => contract.ZVerifyUpdateEmailOtpBody),
);
const deleteResolver = lazyContractResolver<TPhysicianDeleteAccountBody, TPhysicianDeleteAccountBody>(() =>
  import('@medhire/contract/physician-account').then((contract) => contract.ZPhysicianDeleteAccountBody),
);

export const PASSWORD_CHANGED = 'Your password has been changed. Other devices have been signed out.';
export const EMAIL_CHANGED = 'Your e-mail address is changed. Other devices have been signed out.';
export const ACCOUNT_DELETED = 'Your account has been deleted.';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card className="settings-section" aria-labelledby={id}>
      <h2 id={id} className="settings-section__title">
        {title}
      </h2>
      {children}
    </Card>
  );
}

function ChangePasswordForm() {
  const [changePassword, { error, isLoading, isSuccess, reset }] = useChangePasswordMutation();
  const form = useForm<TPhysicianChangePasswordBody>({
    resolver: passwordResolver.resolver,
    defaultValues: { oldPassword: '', newPassword: '' },
  });
  const { errors } = form.formState;
  useEffect(() => passwordResolver.warmUp(), []);
  const onSubmit = form.handleSubmit(async (values) => {
    const result = await changePassword(values);
    if ('data' in result && result.data) form.reset();
  });
  return (
    <form
      className="settings-form"
      onSubmit={onSubmit}
      noValidate
      aria-label="Change password"
      onChange={() => isSuccess && reset()}
    >
      {error && <Alert variant="danger">{error.message}</Alert>}
      {isSuccess && <Alert variant="success">{PASSWORD_CHANGED}</Alert>}
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        error={errors.oldPassword?.message}
        {...form.register('oldPassword')}
      />
      <PasswordField
        label="New password"
        autoComplete="new-password"
        hint="Use at least 10 characters."
        error={errors.newPassword?.message}
        {...form.register('newPassword')}
      />
      <Button type="submit" isLoading={isLoading}>
        Change password
      </Button>
    </form>
  );
}

function ConfirmEmailChangeForm({ email, onDone }: { email: string; onDone: () => void }) {
  const dispatch = useAppDispatch();
  const [confirm, { error, isLoading }] = useConfirmEmailChangeMutation();
  const form = useForm<TVerifyUpdateEmailOtpBody>({
    resolver: emailCodeResolver.resolver,
    defaultValues: { email, otp: '' },
  });
  useEffect(() => emailCodeResolver.warmUp(), []);
  // This form replaced the one just sent: focus goes to the code.
  useEffect(() => form.setFocus('otp'), [form]);
  const onSubmit = form.handleSubmit(async (values) => {
    const result = await confirm(values);
    if ('data' in result && result.data) {
      dispatch(profileUpdated(result.data));
      onDone();
    }
  });
  return (
    <form className="settings-form" onSubmit={onSubmit} noValidate aria-label="Confirm your new e-mail">
      <p className="settings-section__text">
        We sent a 6-digit code to {email}. Enter it here to use this address from now on.
      </p>
      {error && <Alert variant="danger">{error.message}</Alert>}
      <OneTimeCodeField label="Code" error={form.formState.errors.otp?.message} {...form.register('otp')} />
      <Button type="submit" isLoading={isLoading}>
        Confirm new e-mail
      </Button>
    </form>
  );
}

function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const [requestChange, { error, isLoading }] = useRequestEmailChangeMutation();
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const [isChanged, setIsChanged] = useState(false);
  const form = useForm<TPhysicianUpdateEmailBody>({
    resolver: emailResolver.resolver,
    defaultValues: { email: '' },
  });
  useEffect(() => emailResolver.warmUp(), []);
  const onSubmit = form.handleSubmit(async (values) => {
    setIsChanged(false);
    const result = await requestChange(values);
    if ('data' in result && result.data) setCodeSentTo(result.data.email);
  });

  if (codeSentTo) {
    return (
      <ConfirmEmailChangeForm
        email={codeSentTo}
        onDone={() => {
          setCodeSentTo(null);
          setIsChanged(true);
          form.reset();
        }}
      />
    );
  }
  return (
    <form className="settings-form" onSubmit={onSubmit} noValidate aria-label="Change e-mail">
      <p className="settings-section__text">
        You sign in with <strong>{currentEmail}</strong>.
      </p>
      {isChanged && <Alert variant="success">{EMAIL_CHANGED}</Alert>}
      {error && <Alert variant="danger">{error.message}</Alert>}
      <EmailField
        label="New e-mail"
        autoComplete="email"
        error={form.formState.errors.email?.message}
        {...form.register('email')}
      />
      <Button type="submit" isLoading={isLoading}>
        Send code
      </Button>
    </form>
  );
}

function DeleteAccount() {
  const dispatch = useAppDispatch();
  const [isOpen, setIsOpen] = useState(false);
  const [deleteAccount, { error, isLoading, reset }] = useDeleteAccountMutation();
  const formId = useId();
  const form = useForm<TPhysicianDeleteAccountBody>({
    resolver: deleteResolver.resolver,
    defaultValues: { password: '' },
  });
  useEffect(() => deleteResolver.warmUp(), []);

  const close = () => {
    setIsOpen(false);
    form.reset();
    reset();
  };
  const onSubmit = form.handleSubmit(async (values) => {
    const result = await deleteAccount(values);
    // Every session of the account has ended on the server: nothing left to sign out of there.
    if ('data' in result && result.data) await signOut(dispatch, undefined, ACCOUNT_DELETED);
  });

  return (
    <>
      <p className="settings-section__text">
        Deleting your account erases your profile, CV and photo and cannot be undone.
      </p>
      <Button variant="danger" onClick={() => setIsOpen(true)}>
        Delete account
      </Button>
      <Modal
        isOpen={isOpen}
        onClose={close}
        title="Delete your account?"
        description="This cannot be undone."
        footer={
          <>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button variant="danger" type="submit" form={formId} isLoading={isLoading}>
              Delete my account
            </Button>
          </>
        }
      >
        <form id={formId} className="settings-form" onSubmit={onSubmit} noValidate>
          <p className="settings-section__text">What is erased:</p>
          <ul className="settings-section__list">
            <li>Your profile, licenses, training, CV and photo.</li>
            <li>Your job alerts, notifications and the devices that get them.</li>
            <li>Your applications are withdrawn and pending invites declined.</li>
          </ul>
          <p className="settings-section__text">
            Employers keep the messages you exchanged, shown as from a deleted physician.
          </p>
          {error && <Alert variant="danger">{error.message}</Alert>}
          <PasswordField
            label="Your password"
            autoComplete="current-password"
            error={form.formState.errors.password?.message}
            {...form.register('password')}
          />
        </form>
      </Modal>
    </>
  );
}

/**
 * Account settings. The notification settings come from the notifications feature, handed in
 * by the app (features do not import each other).
 */
export function SettingsScreen({ notificationSettings }: { notificationSettings?: ReactNode }) {
  const dispatch = useAppDispatch();
  const session = useAppSelector(selectSession);
  return (
    <>
      <title>Settings · MedHire for physicians</title>
      <PageHeader title="Settings" />
      {notificationSettings && <Section title="Notifications">{notificationSettings}</Section>}
      <Section title="E-mail">
        <ChangeEmailForm currentEmail={session?.physician.email ?? ''} />
      </Section>
      <Section title="Password">
        <ChangePasswordForm />
      </Section>
      <Section title="Two-step sign-in">
        <AuthenticatorSection />
      </Section>
      <Section title="Passkeys">
        <PasskeysSection api={passkeysApi} describeError={errorMessage} isBare />
      </Section>
      <Section title="Signed-in devices">
        <p className="settings-section__text">
          The browsers signed in to your account. Sign out any you don't recognize or no longer use.
        </p>
        <SignedInDevices />
      </Section>
      <Section title="Sign out">
        <p className="settings-section__text">Sign out of MedHire on this device.</p>
        <Button
          variant="secondary"
          leadingIcon={<LogoutIcon size={18} />}
          onClick={() => void signOut(dispatch, session?.token)}
        >
          Sign out
        </Button>
      </Section>
      <Section title="Delete account">
        <DeleteAccount />
      </Section>
    </>
  );
}
