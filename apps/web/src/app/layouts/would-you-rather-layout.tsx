import { Button } from '../../components/ui/button.tsx';
import { LogoutIcon } from '../../components/ui/icons.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { ONBOARDING_STEPS, onboardingStepFor } from './layout-for.ts';
import { PageOutlet } from './page-outlet.tsx';
import { useSignOut } from './use-sign-out.ts';
import './focused-layout.css';

const STEP = onboardingStepFor('/would-you-rather');

/** Would-you-rather (spec §2): a focused page with only the progress through set-up around it. */
export function WouldYouRatherLayout() {
  const signOut = useSignOut();
  const stepNumber = STEP + 1;
  const stepCount = ONBOARDING_STEPS.length;
  return (
    <div className="focused-layout">
      <header className="focused-layout__header">
        <Logo />
        <div className="focused-layout__progress">
          <p className="focused-layout__progress-label">
            Step {stepNumber} of {stepCount} · {ONBOARDING_STEPS[STEP]}
          </p>
          <progress
            className="focused-layout__progress-bar"
            max={stepCount}
            value={stepNumber}
            aria-label={`Account set-up: step ${stepNumber} of ${stepCount}`}
          />
        </div>
        <Button variant="ghost" size="sm" leadingIcon={<LogoutIcon size={18} />} onClick={signOut}>
          Sign out
        </Button>
      </header>
      <main id="main-content" className="focused-layout__main focused-layout__main--narrow">
        <PageOutlet />
      </main>
    </div>
  );
}
