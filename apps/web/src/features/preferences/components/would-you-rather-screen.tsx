import type { TCandidatePreferences, TPreferenceProbe, TUser } from '@medhire/contract/account';
import { PREFERENCE_PROBES } from '@medhire/contract/preference-probes';
import { Button, buttonClasses } from '@medhire/ui/button.tsx';
import { Card } from '@medhire/ui/card.tsx';
import { ArrowLeftIcon } from '@medhire/ui/icons.tsx';
import { PageHeader } from '@medhire/ui/page-header.tsx';
import { ProgressBar } from '@medhire/ui/progress-bar.tsx';
import { notifyFormError, notifySuccess } from '@medhire/ui/toast.ts';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import { isOnboarding, OnboardingProgress } from '../../../app/onboarding-progress.tsx';
import { describeError, errorMessage } from '../../../lib/http.ts';
import { selectUser, syncUser } from '../../auth/auth-slice.ts';
import { useSyncAndContinue } from '../../auth/session-start.ts';
import { preferencesApi } from '../api/preferences-api.ts';
import { CandidatePreferencesForm, preferenceValuesFrom } from './candidate-preferences-form.tsx';
import { type ProbeChoice, ProbeQuestion } from './probe-question.tsx';
import './preferences.css';

const PROBE_COUNT = PREFERENCE_PROBES.length;
/** How long a pointer choice stays visible before the next question replaces it. */
const ADVANCE_DELAY_MS = 250;

export const PREFERENCES_SAVED_MESSAGE = 'Your candidate preferences are saved.';

/** /would-you-rather: the second onboarding step (spec §2). */
export function WouldYouRatherScreen() {
  const user = useAppSelector(selectUser);
  const syncAndContinue = useSyncAndContinue();
  return (
    <>
      <title>Would you rather · MedHire</title>
      {isOnboarding(user) && <OnboardingProgress stage="preferences" />}
      <PageHeader
        // During sign-up the progress above already names the stage.
        eyebrow={isOnboarding(user) ? undefined : 'Candidate preferences'}
        title="Would you rather…"
        description="A few quick either-or questions about the physician you want to hire. There are no wrong answers, and you can change them later."
      />
      {user && (
        <PreferencesFlow
          user={user}
          submitLabel="Save and continue"
          onSaved={async () => {
            await syncAndContinue();
          }}
        />
      )}
    </>
  );
}

/** /edit-profile/would-you-rather: the same questions and form, prefilled, back to the profile. */
export function EditPreferencesScreen() {
  const user = useAppSelector(selectUser);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return (
    <>
      <title>Candidate preferences · MedHire</title>
      <PageHeader
        eyebrow="Profile"
        title="Candidate preferences"
        description="Change your would-you-rather answers and preferences. Recommendations update with them."
        actions={
          <Link className={buttonClasses({ variant: 'secondary' })} to="/edit-profile">
            <ArrowLeftIcon size={18} />
            Organization profile
          </Link>
        }
      />
      {user && (
        <PreferencesFlow
          user={user}
          isEditing
          submitLabel="Save preferences"
          onSaved={async () => {
            await dispatch(syncUser(user._id));
            notifySuccess(PREFERENCES_SAVED_MESSAGE);
            await navigate('/edit-profile');
          }}
        />
      )}
    </>
  );
}

type Answers = Partial<Record<string, ProbeChoice>>;

function answersFrom(probes: readonly TPreferenceProbe[]): Answers {
  return Object.fromEntries(probes.map((probe) => [probe.probeId, probe.choice]));
}

/**
 * The probes one pair at a time, then the candidate preferences form. Nothing is sent until
 * the end: the answers (in the probes' order) and then the preferences.
 */
function PreferencesFlow({
  user,
  isEditing = false,
  submitLabel,
  onSaved,
}: {
  user: TUser;
  isEditing?: boolean;
  submitLabel: string;
  onSaved: () => Promise<void>;
}) {
  const [answers, setAnswers] = useState<Answers>(() => answersFrom(user.preferenceProbe));
  // A first-time visitor starts at the first unanswered pair; an edit starts at the top.
  const [index, setIndex] = useState(() => {
    if (isEditing) return 0;
    const firstOpen = PREFERENCE_PROBES.findIndex((probe) => !answers[probe.probeId]);
    return firstOpen === -1 ? 0 : firstOpen;
  });
  const [serverError, setServerError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const hasMoved = useRef(false);
  const advanceTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [defaultPreferences] = useState(() => preferenceValuesFrom(user.candidatePreferences));

  const isOnPreferences = index >= PROBE_COUNT;
  const probe = PREFERENCE_PROBES[Math.min(index, PROBE_COUNT - 1)];
  const allAnswered = PREFERENCE_PROBES.every((entry) => answers[entry.probeId]);

  useEffect(() => () => clearTimeout(advanceTimer.current), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new question is the trigger for moving focus.
  useEffect(() => {
    // Each new question is announced by moving focus to its heading (not on first arrival).
    if (!hasMoved.current) return;
    headingRef.current?.focus();
  }, [index]);

  const moveTo = (next: number) => {
    clearTimeout(advanceTimer.current);
    hasMoved.current = true;
    setIndex(Math.max(0, Math.min(next, PROBE_COUNT)));
  };

  const choose = (choice: ProbeChoice) => {
    if (probe) setAnswers((current) => ({ ...current, [probe.probeId]: choice }));
  };

  const continueWith = (choice: ProbeChoice) => {
    choose(choice);
    clearTimeout(advanceTimer.current);
    advanceTimer.current = setTimeout(() => moveTo(index + 1), ADVANCE_DELAY_MS);
  };

  const save = async (candidatePreferences: TCandidatePreferences) => {
    setServerError(null);
    const preferenceProbe = PREFERENCE_PROBES.flatMap((entry) => {
      const choice = answers[entry.probeId];
      return choice ? [{ probeId: entry.probeId, choice }] : [];
    });
    try {
      await preferencesApi.updatePreferenceProbes(user._id, { preferenceProbe });
      await preferencesApi.updateCandidatePreference(user._id, { candidatePreferences });
    } catch (error) {
      const message = errorMessage(error);
      setServerError(describeError(error));
      notifyFormError(message);
      return;
    }
    await onSaved();
  };

  if (isOnPreferences || !probe) {
    return (
      <Card padding="lg" className="preferences-card">
        <header className="preferences-card__header">
          <p className="preferences-card__count">Last step</p>
          <h2 ref={headingRef} tabIndex={-1} className="preferences-card__title">
            The physician you are looking for
          </h2>
          <p className="preferences-card__description">
            Recommended candidates are ranked by these. Leave out anything that does not matter to you.
          </p>
        </header>
        <CandidatePreferencesForm
          defaultValues={defaultPreferences}
          submitLabel={submitLabel}
          serverError={serverError}
          onSubmit={save}
          secondaryAction={
            <Button variant="secondary" onClick={() => moveTo(PROBE_COUNT - 1)}>
              Back to the questions
            </Button>
          }
        />
      </Card>
    );
  }

  const choice = answers[probe.probeId];
  return (
    <Card padding="lg" className="preferences-card">
      <header className="preferences-card__header">
        <p className="preferences-card__count" aria-hidden="true">
          {index + 1} of {PROBE_COUNT}
        </p>
        <h2 ref={headingRef} tabIndex={-1} className="preferences-card__title">
          <span className="visually-hidden">
            Question {index + 1} of {PROBE_COUNT}:{' '}
          </span>
          Would you rather hire…
        </h2>
        <ProgressBar fraction={(index + 1) / PROBE_COUNT} label={`Question ${index + 1} of ${PROBE_COUNT}`} />
      </header>
      <ProbeQuestion
        key={probe.probeId}
        probe={probe}
        choice={choice}
        onChoose={choose}
        onContinue={continueWith}
      />
      <footer className="preferences-card__actions">
        {index > 0 && (
          <Button variant="secondary" onClick={() => moveTo(index - 1)}>
            Back
          </Button>
        )}
        {isEditing && allAnswered && (
          <Button variant="ghost" onClick={() => moveTo(PROBE_COUNT)}>
            Skip to preferences
          </Button>
        )}
        <Button onClick={() => moveTo(index + 1)} disabled={!choice}>
          {index === PROBE_COUNT - 1 ? 'Continue' : 'Next'}
        </Button>
      </footer>
    </Card>
  );
}
