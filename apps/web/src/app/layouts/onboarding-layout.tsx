import { useLocation } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { LogoutIcon } from '../../components/ui/icons.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { onboardingStepFor } from './layout-for.ts';
import { OnboardingStepper } from './onboarding-stepper.tsx';
import { PageOutlet } from './page-outlet.tsx';
import { useSignOut } from './use-sign-out.ts';
import './focused-layout.css';

/** A session with code 201: the organisation profile comes first, without the app around it. */
export function OnboardingLayout() {
  const { pathname } = useLocation();
  const signOut = useSignOut();
  return (
    <div className="focused-layout">
      <header className="focused-layout__header">
        <Logo />
        <OnboardingStepper currentStep={onboardingStepFor(pathname)} />
        <Button variant="ghost" size="sm" leadingIcon={<LogoutIcon size={18} />} onClick={signOut}>
          Sign out
        </Button>
      </header>
      <main id="main-content" className="focused-layout__main">
        <PageOutlet />
      </main>
    </div>
  );
}
