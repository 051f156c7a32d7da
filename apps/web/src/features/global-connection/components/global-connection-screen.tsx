import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { GlobeIcon } from '../../../components/ui/icons.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';

export function GlobalConnectionScreen() {
  return (
    <>
      <title>Global connection · MedHire</title>
      <PageHeader
        title="Global connection"
        description="Reach physicians across the whole MedHire network, beyond those who have already found your jobs."
      />
      <EmptyState
        icon={<GlobeIcon size={26} />}
        title="No physicians to show yet"
        description="Physicians across the network who match your candidate preferences will be listed here."
        action={
          <Link className={buttonClasses({ variant: 'secondary' })} to="/home">
            Back to home
          </Link>
        }
      />
    </>
  );
}
