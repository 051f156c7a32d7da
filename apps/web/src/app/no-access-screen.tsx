import { buttonClasses } from '@medhire/ui/button.tsx';
import { EmptyState } from '@medhire/ui/empty-state.tsx';
import { ShieldIcon } from '@medhire/ui/icons.tsx';
import { Link } from 'react-router';
import type { RouteAccess } from './route-access.ts';
import { useRoleLabel, whoCan } from './use-can.ts';

/** The sentence the guard shows: "Your role (Delegate) cannot post jobs. Ask an owner, admin or recruiter." */
export function explainMissingAccess(roleLabel: string, access: RouteAccess): string {
  return `Your role (${roleLabel}) cannot ${access.does}. Ask ${whoCan(access.right)}.`;
}

/** What a member sees on a page their role cannot use: why, whom to ask, and where to go. */
export function NoAccessScreen({ access }: { access: RouteAccess }) {
  const roleLabel = useRoleLabel();
  return (
    <>
      <title>Not available for your role · MedHire</title>
      <EmptyState
        headingLevel={1}
        icon={<ShieldIcon size={26} />}
        title="This page isn't available for your role"
        description={explainMissingAccess(roleLabel, access)}
        action={
          <Link className={buttonClasses({ variant: 'primary' })} to={access.elsewhere.to}>
            {access.elsewhere.label}
          </Link>
        }
      />
    </>
  );
}
