import { Button } from '@medhire/ui/button.tsx';
import { LogoutIcon } from '@medhire/ui/icons.tsx';
import { Logo } from '@medhire/ui/logo.tsx';
import { PageOutlet } from './page-outlet.tsx';
import { useSignOut } from './use-sign-out.ts';
import './focused-layout.css';

/**
 * Would-you-rather (spec §2): a focused page with only the way out around it. During sign-up the
 * page shows the sign-up progress itself (OnboardingProgress), as every sign-up screen does.
 */
export function WouldYouRatherLayout() {
  const signOut = useSignOut();
  return (
    <div className="focused-layout">
      <header className="focused-layout__header">
        <Logo />
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
