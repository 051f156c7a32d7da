import { buttonClasses } from '@medhire/ui/button.tsx';
import { EmptyState } from '@medhire/ui/empty-state.tsx';
import { Link } from 'react-router';

export function NotFoundScreen() {
  return (
    <EmptyState
      headingLevel={1}
      title="This page does not exist"
      description="The link may be old, or the address mistyped."
      action={
        <Link className={buttonClasses()} to="/jobs">
          Find jobs
        </Link>
      }
    />
  );
}
