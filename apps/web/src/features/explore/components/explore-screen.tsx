import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { CompassIcon } from '../../../components/ui/icons.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';

export function ExploreScreen() {
  return (
    <>
      <title>Explore · MedHire</title>
      <PageHeader
        title="Explore physicians"
        description="Browse physicians open to new opportunities and invite the ones who fit to match with your jobs."
      />
      <EmptyState
        icon={<CompassIcon size={26} />}
        title="No physicians to show yet"
        description="Physicians who fit your candidate preferences appear here. Each match invite you send uses one invite from your plan."
        action={
          <Link className={buttonClasses({ variant: 'secondary' })} to="/edit-profile/would-you-rather">
            Review candidate preferences
          </Link>
        }
      />
    </>
  );
}
