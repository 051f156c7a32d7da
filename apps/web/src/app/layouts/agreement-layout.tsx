import { Button } from '@medhire/ui/button.tsx';
import { LogoutIcon } from '@medhire/ui/icons.tsx';
import { Logo } from '@medhire/ui/logo.tsx';
import { PageOutlet } from './page-outlet.tsx';
import { useSignOut } from './use-sign-out.ts';
import './focused-layout.css';

/**
 * A delegate's first sign-in (/delegate-agreement): the agreement alone, with a way out. The
 * navigation, notifications and live updates wait until it is accepted, since the server
 * refuses them until then.
 */
export function AgreementLayout() {
  const signOut = useSignOut();
  return (
    <div className="focused-layout">
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
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
