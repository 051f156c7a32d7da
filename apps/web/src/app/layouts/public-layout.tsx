import { Link } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { LogoutIcon } from '../../components/ui/icons.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { selectSession } from '../../features/auth/auth-slice.ts';
import { useAppSelector } from '../hooks.ts';
import { LegalLinks } from './legal-links.tsx';
import { PageOutlet } from './page-outlet.tsx';
import { useSignOut } from './use-sign-out.ts';
import './public-layout.css';

/** Legal pages, and payment and global connection for a signed-in person (spec §2). */
export function PublicLayout() {
  const isSignedIn = useAppSelector(selectSession) !== null;
  const signOut = useSignOut();
  return (
    <div className="public-layout">
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <header className="public-layout__topbar">
        <div className="public-layout__bar">
          <Link to={isSignedIn ? '/home' : '/'} className="public-layout__logo" aria-label="MedHire home">
            <Logo />
          </Link>
          <nav aria-label="Account" className="public-layout__actions">
            {isSignedIn ? (
              <>
                <Link className={buttonClasses({ variant: 'secondary', size: 'sm' })} to="/home">
                  Back to MedHire
                </Link>
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
