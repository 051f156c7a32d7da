import { Button, buttonClasses } from '@medhire/ui/button.tsx';
import { LogoutIcon } from '@medhire/ui/icons.tsx';
import { Logo } from '@medhire/ui/logo.tsx';
import { Link, useLocation } from 'react-router';
import { selectSession } from '../../features/auth/auth-slice.ts';
import { postLoginDestination } from '../../features/auth/post-login-destination.ts';
import { useAppSelector } from '../hooks.ts';
import { isOnboarding } from '../onboarding-progress.tsx';
import { LegalLinks } from './legal-links.tsx';
import { PageOutlet } from './page-outlet.tsx';
import { useSignOut } from './use-sign-out.ts';
import './public-layout.css';

/**
 * Where a signed-in person goes back to from a public page: the app, or, while still signing up,
 * the sign-up step they are on. Null on that step itself: before anything is paid there is no app
 * to go back to, and the page shows the way on (the plan choice) itself.
 */
function useWayBack(): { to: string; label: string } | null {
  const session = useAppSelector(selectSession);
  const { pathname } = useLocation();
  if (!session) return null;
  if (!isOnboarding(session.user)) return { to: '/home', label: 'Back to MedHire' };
  const destination = postLoginDestination(session);
  if (destination.kind !== 'navigate' || pathname.replace(/\/+$/, '') === destination.to) return null;
  return { to: destination.to, label: 'Back to sign-up' };
}

/** Legal pages, and payment and global connection for a signed-in person (spec §2). */
export function PublicLayout() {
  const session = useAppSelector(selectSession);
  const isSignedIn = session !== null;
  const wayBack = useWayBack();
  const signOut = useSignOut();
  return (
    <div className="public-layout">
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <header className="public-layout__topbar">
        <div className="public-layout__bar">
          {isSignedIn && isOnboarding(session.user) ? (
            // A person still signing up has no home page yet: the logo leads nowhere.
            <span className="public-layout__logo">
              <Logo />
            </span>
          ) : (
            <Link to={isSignedIn ? '/home' : '/'} className="public-layout__logo" aria-label="MedHire home">
              <Logo />
            </Link>
          )}
          <nav aria-label="Account" className="public-layout__actions">
            {isSignedIn ? (
              <>
                {wayBack && (
                  <Link className={buttonClasses({ variant: 'secondary', size: 'sm' })} to={wayBack.to}>
                    {wayBack.label}
                  </Link>
                )}
                {/* /payment keeps a pending account here until it subscribes, so it needs its own way out. */}
                <Button variant="ghost" size="sm" leadingIcon={<LogoutIcon size={18} />} onClick={signOut}>
                  Sign out
                </Button>
              </>
            ) : (
              <>
                <Link className={buttonClasses({ variant: 'ghost', size: 'sm' })} to="/register">
                  Create account
                </Link>
                <Link className={buttonClasses({ variant: 'primary', size: 'sm' })} to="/signIn">
                  Sign in
                </Link>
              </>
            )}
          </nav>
        </div>
      </header>
      <main id="main-content" className="public-layout__main">
        <PageOutlet />
      </main>
      <footer className="public-layout__footer">
        <div className="public-layout__bar public-layout__bar--footer">
          <p className="public-layout__copyright">
            © {new Date().getFullYear()} MedHire. Physician recruiting.
          </p>
          <LegalLinks />
        </div>
      </footer>
    </div>
  );
}
