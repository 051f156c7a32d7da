import { buttonClasses } from '@medhire/ui/button.tsx';
import { EmptyState } from '@medhire/ui/empty-state.tsx';
import { SearchIcon } from '@medhire/ui/icons.tsx';
import { Link } from 'react-router';
import { selectSession } from '../features/auth/auth-slice.ts';
import { useAppSelector } from './hooks.ts';

export function NotFoundScreen() {
  const isSignedIn = useAppSelector(selectSession) !== null;
  return (
    <>
      <title>Page not found · MedHire</title>
      <EmptyState
        headingLevel={1}
        icon={<SearchIcon size={26} />}
        title="We could not find that page"
        description="The link may be out of date, or the page may have moved. Check the address, or continue from the start."
        action={
          <Link className={buttonClasses({ variant: 'primary' })} to={isSignedIn ? '/home' : '/signIn'}>
            {isSignedIn ? 'Go to home' : 'Go to sign in'}
          </Link>
        }
      />
    </>
  );
}
