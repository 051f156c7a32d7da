import { ApplicantCardActions } from '../features/applicants/components/applicant-card.tsx';
import { ApplicantList, ListPager } from '../features/applicants/components/applicant-list.tsx';
import { useApplicantActions } from '../features/applicants/components/use-applicant-actions.tsx';
import {
  type GlobalConnectionResultsProps,
  GlobalConnectionScreen,
} from '../features/global-connection/components/global-connection-screen.tsx';

/**
 * /global-connection lists physicians with the same cards and actions as /explore. The app
 * composes the two features, so neither imports the other's internals.
 */
export function GlobalConnectionRoute() {
  return <GlobalConnectionScreen renderResults={(props) => <GlobalConnectionResults {...props} />} />;
}

function GlobalConnectionResults({
  applicants,
  total,
  page,
  pageSize,
  onPage,
  onChanged,
}: GlobalConnectionResultsProps) {
  const actions = useApplicantActions({ onChanged });
  if (applicants.length === 0) return <p>No matching physicians in this state.</p>;
  return (
    <>
      {actions.inviteModal}
      <ApplicantList
        applicants={applicants}
        label="Matching physicians"
        renderActions={(applicant) => <ApplicantCardActions applicant={applicant} actions={actions} />}
      />
      <ListPager
        page={page}
        pageSize={pageSize}
        total={total}
        shown={applicants.length}
        onPage={(next) => {
          onPage(next);
          window.scrollTo?.({ top: 0, behavior: 'smooth' });
        }}
      />
    </>
  );
}
