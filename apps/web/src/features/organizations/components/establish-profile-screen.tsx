import type { TUser } from '@medhire/contract/account';
import { type TOrganizationDetails, ZOrganizationDetails } from '@medhire/contract/organization';
import { Button, buttonClasses } from '@medhire/ui/button.tsx';
import { Card } from '@medhire/ui/card.tsx';
import { contractResolver, withoutBlanks } from '@medhire/ui/form-resolver.ts';
import { PageHeader } from '@medhire/ui/page-header.tsx';
import { notifyError, notifyFormError, notifySuccess } from '@medhire/ui/toast.ts';
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import { OnboardingProgress } from '../../../app/onboarding-progress.tsx';
import { useEnums } from '../../../app/reference-data.ts';
import { selectUser, userUpdated, useSyncAndContinue } from '../../../app/session.ts';
import {
  useWizardStep,
  WizardActions,
  WizardStepHeader,
  WizardSteps,
} from '../../../components/ui/wizard.tsx';
import { describeError, errorMessage } from '../../../lib/http.ts';
import { organizationApi } from '../api/organization-api.ts';
import { organizationLoaded } from '../organizations-slice.ts';
import {
  PROFILE_STEPS,
  type ProfileFormValues,
  profileDraftStore,
  profileStep,
  profileValuesFrom,
  profileValuesFromOrganization,
  REVIEW_STEP_INDEX,
  stepOfField,
} from '../profile-form-values.ts';
import { ProfileReview } from './profile-review.tsx';
import { type ProfileForm, ProfileSection } from './profile-sections.tsx';
import { fetchStoredOrganization, OrganizationLoadStatus } from './stored-organization.tsx';
import { useMediaUploads } from './use-media-uploads.ts';
import './profile.css';

export const WAIT_FOR_UPLOADS_MESSAGE = 'Wait for the uploads to finish, or cancel them.';

/**
 * /establish-profile (spec §2): the sign-up stage after the e-mail is confirmed. A multi-step form
 * over the organization profile; each finished step is remembered on the server
 * (currentProfileStep) and the answers in this browser, so a returning employer resumes where they
 * stopped. The last step saves the whole profile, then the onboarding rule decides what comes next.
 */
export function EstablishProfileScreen() {
  const user = useAppSelector(selectUser);
  return (
    <div className="profile-screen">
      <title>Establish your profile · MedHire</title>
      {/* The sign-up's step; the form's own parts ("Part 2 of 6") are its sub-progress below. */}
      {user && <OnboardingProgress stage="organizationProfile" />}
      <PageHeader
        title="Establish your organization profile"
        description="Tell physicians who you are, where you practice and what it is like to work with you."
      />
      {user ? <EstablishProfileLoader user={user} /> : <SignedOutIntro />}
    </div>
  );
}

function SignedOutIntro() {
  return (
    <Card
      title="Sign in to continue"
      description="Your organization profile belongs to your MedHire account."
    >
      <p className="profile-screen__text">
        Create an employer account to establish your profile, or sign in to continue where you left off.
      </p>
      <div className="profile-screen__links">
        <Link className={buttonClasses()} to="/register">
          Create an account
        </Link>
        <Link className={buttonClasses({ variant: 'secondary' })} to="/signIn">
          Sign in
        </Link>
      </div>
    </Card>
  );
}

type LoadState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; values: ProfileFormValues; step: number };

/** The first step whose fields do not yet pass the contract, or undefined when all pass. */
function firstIncompleteStep(values: ProfileFormValues): number | undefined {
  const result = ZOrganizationDetails.safeParse(withoutBlanks(values));
  if (result.success) return undefined;
  return Math.min(...result.error.issues.map((issue) => stepOfField(issue.path[0])));
}

function EstablishProfileLoader({ user }: { user: TUser }) {
  const dispatch = useAppDispatch();
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const userId = user._id;
  const organizationId = user.organizationId;
  // Read once: later syncs during the form must not restart it.
  const resumeStep = useRef(user.currentProfileStep);
  const userEmail = useRef(user.email);
  // The owner's own name, asked at registration, is the likely practice manager.
  const userName = useRef(user.fullName ?? '');

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt re-runs the load on "Try again".
  useEffect(() => {
    const controller = new AbortController();
    const ready = (values: ProfileFormValues) => {
      const resume = Math.min(Math.max(resumeStep.current, 0), REVIEW_STEP_INDEX);
      setState({ status: 'ready', values, step: Math.min(resume, firstIncompleteStep(values) ?? resume) });
    };
    const draft = profileDraftStore.read(userId);
    if (draft) {
      ready(draft);
      return;
    }
    const fresh = () => ({
      ...profileValuesFromOrganization(null),
      email: userEmail.current,
      practiceManagerName: userName.current,
    });
    if (!organizationId) {
      ready(fresh());
      return;
    }
    setState({ status: 'loading' });
    fetchStoredOrganization(dispatch, userId, controller.signal)
      .then((organization) => {
        // A claimed organization arrives with what public records knew; none yet is a fresh start.
        const values = profileValuesFromOrganization(organization);
        ready({
          ...values,
          email: values.email || userEmail.current,
          practiceManagerName: values.practiceManagerName || userName.current,
        });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'failed', message: describeError(error) });
      });
    return () => controller.abort();
  }, [dispatch, userId, organizationId, attempt]);

  if (state.status === 'loading' || state.status === 'failed') {
    return (
      <OrganizationLoadStatus
        state={state}
        noun="your profile"
        onRetry={() => setAttempt((count) => count + 1)}
      />
    );
  }
  return <ProfileWizard user={user} initialValues={state.values} initialStep={state.step} />;
}

function ProfileWizard({
  user,
  initialValues,
  initialStep,
}: {
  user: TUser;
  initialValues: ProfileFormValues;
  initialStep: number;
}) {
  const dispatch = useAppDispatch();
  const syncAndContinue = useSyncAndContinue();
  const { enums } = useEnums();
  const errorId = useId();
  const { step, furthest: furthestStep, moveTo, show, headingRef } = useWizardStep(initialStep);
  const [isLogoBusy, setIsLogoBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const savedStep = useRef(user.currentProfileStep);

  const form: ProfileForm = useForm<ProfileFormValues, unknown, TOrganizationDetails>({
    resolver: contractResolver<typeof ZOrganizationDetails, ProfileFormValues>(ZOrganizationDetails),
    defaultValues: initialValues,
    mode: 'onTouched',
  });
  const uploads = useMediaUploads((item) =>
    form.setValue('media', [...form.getValues('media'), item], { shouldDirty: true }),
  );
  const isBusy = isLogoBusy || uploads.isUploading;
  const current = profileStep(step);

  /** Remembers on the server how far the person got, so a return resumes there. */
  const rememberStep = useCallback(
    async (completed: number) => {
      if (completed <= savedStep.current) return;
      savedStep.current = completed;
      try {
        dispatch(userUpdated(await organizationApi.updateCurrentProfileStep(user._id, completed)));
      } catch (error) {
        savedStep.current = completed - 1;
        notifyError(errorMessage(error));
      }
    },
    [dispatch, user._id],
  );

  // Once a step was refused, its messages follow the typing (as after a submit), instead of
  // waiting for a blur that would also shift the button being clicked.
  const [hasRefusedStep, setHasRefusedStep] = useState(false);
  useEffect(() => {
    if (!hasRefusedStep) return;
    const subscription = form.watch((_values, { name, type }) => {
      if (name && type === 'change') void form.trigger(name);
    });
    return () => subscription.unsubscribe();
  }, [form, hasRefusedStep]);

  const isStepValid = async (index: number) => {
    const fields = PROFILE_STEPS[index]?.fields ?? [];
    const isValid = fields.length === 0 || (await form.trigger([...fields], { shouldFocus: true }));
    if (!isValid) setHasRefusedStep(true);
    return isValid;
  };

  const goTo = async (target: number) => {
    if (target === step) return;
    if (target > step) {
      if (isBusy) {
        notifyFormError(WAIT_FOR_UPLOADS_MESSAGE);
        return;
      }
      if (!(await isStepValid(step))) return;
      profileDraftStore.write(user._id, form.getValues());
      void rememberStep(target);
    }
    setServerError(null);
    moveTo(target);
  };

  const onInvalid = (errors: FieldErrors<ProfileFormValues>) => {
    const firstStep = Math.min(...Object.keys(errors).map((field) => stepOfField(field)));
    if (firstStep < REVIEW_STEP_INDEX) {
      show(firstStep);
      notifyFormError(`Some details in “${PROFILE_STEPS[firstStep]?.title}” need attention.`);
    }
  };

  const save = form.handleSubmit(async (details) => {
    setServerError(null);
    if (isBusy) {
      notifyFormError(WAIT_FOR_UPLOADS_MESSAGE);
      return;
    }
    try {
      const saved = await organizationApi.updateOrgDetails(user._id, details);
      if (saved?.organization) dispatch(organizationLoaded(saved.organization));
    } catch (error) {
      setServerError(describeError(error));
      notifyFormError(errorMessage(error));
      return;
    }
    profileDraftStore.clear();
    await rememberStep(PROFILE_STEPS.length);
    notifySuccess('Your organization profile is saved.');
    await syncAndContinue();
  }, onInvalid);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (step === REVIEW_STEP_INDEX) {
      void save(event);
      return;
    }
    // Enter in a field moves on, like the Next button.
    event.preventDefault();
    void goTo(step + 1);
  };

  const values = form.watch();
  // The review shows what will be stored: phone in its one format, links with https://.
  const normalized =
    step === REVIEW_STEP_INDEX ? ZOrganizationDetails.safeParse(withoutBlanks(values)) : null;
  const reviewed = normalized?.success ? profileValuesFrom(normalized.data) : values;
  const practiceTypeTitle = enums?.practiceType.find(
    (type) => type._id === values.features.practiceType,
  )?.title;

  return (
    <div className="wizard">
      <WizardSteps
        label="Profile steps"
        steps={PROFILE_STEPS}
        current={step}
        furthest={furthestStep}
        onGoTo={(index) => void goTo(index)}
      />
      <form
        className="wizard__form"
        onSubmit={onSubmit}
        noValidate
        aria-labelledby={`${errorId}-title`}
        aria-describedby={serverError ? errorId : undefined}
      >
        <Card padding="lg">
          <WizardStepHeader
            step={step}
            total={PROFILE_STEPS.length}
            unit="Part"
            title={current.title}
            description={current.description}
            titleId={`${errorId}-title`}
            headingRef={headingRef}
            error={{ id: errorId, title: "We couldn't save your profile", message: serverError }}
          />
          {current.id !== 'review' && (
            <ProfileSection id={current.id} form={form} uploads={uploads} onLogoBusyChange={setIsLogoBusy} />
          )}
          {current.id === 'review' && (
            <ProfileReview
              values={reviewed}
              practiceTypeTitle={practiceTypeTitle}
              onEdit={(index) => void goTo(index)}
            />
          )}
          <WizardActions>
            {step > 0 && (
              <Button variant="secondary" onClick={() => void goTo(step - 1)}>
                Back
              </Button>
            )}
            {step < REVIEW_STEP_INDEX ? (
              <Button type="submit" disabled={isBusy}>
                {isBusy ? 'Uploading…' : 'Next'}
              </Button>
            ) : (
              <Button type="submit" isLoading={form.formState.isSubmitting} disabled={isBusy}>
                Save profile and continue
              </Button>
            )}
          </WizardActions>
        </Card>
      </form>
    </div>
  );
}
