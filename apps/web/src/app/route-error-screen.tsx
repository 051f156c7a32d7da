import { buttonClasses } from '@medhire/ui/button.tsx';
import { Logo } from '@medhire/ui/logo.tsx';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import './route-error-screen.css';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed/i.test(error.message)
  ) {
    return 'Part of MedHire could not be downloaded. Check your connection, then reload the page.';
  }
  return 'Something went wrong while showing this page. Reloading usually helps; your data is safe.';
}

/** The router's fallback when a page fails to load or render (spec §2, §8). */
export function RouteErrorScreen() {
  const error = useRouteError();
  return (
    <main className="route-error">
      <div className="route-error__card">
        <Logo />
        <h1 className="route-error__title">Unexpected Application Error!</h1>
        <p className="route-error__text">{describe(error)}</p>
        <div className="route-error__actions">
          <a className={buttonClasses({ variant: 'primary' })} href="/">
            Go to home
          </a>
          <Link className={buttonClasses({ variant: 'secondary' })} to="." reloadDocument>
            Reload this page
          </Link>
        </div>
      </div>
    </main>
  );
}
