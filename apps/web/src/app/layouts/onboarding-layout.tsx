import { Button } from '@medhire/ui/button.tsx';
import { LogoutIcon } from '@medhire/ui/icons.tsx';
import { Logo } from '@medhire/ui/logo.tsx';
import { PageOutlet } from './page-outlet.tsx';
import { useSignOut } from './use-sign-out.ts';
import './focused-layout.css';

/**
 * A session with code 201: the organization profile comes first, without the app around it.
 * The sign-up progress is the page's own (OnboardingProgress), as on every sign-up screen.
 */
export function OnboardingLayout() {
  const signOut = useSignOut();
  return (
    <div className="focused-layout">
      <header className="focused-layout__header">
        <Logo />
        <Button variant="ghost" size="sm" leadingIcon={<LogoutIcon size={18} />} onClick={signOut}>
          Sign out
        </Button>
      </header>
      <main id="main-content" className="focused-layout__main focused-layout__main--wide">
        <PageOutlet />
      </main>
    </div>
  );
}
