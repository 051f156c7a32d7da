import type { TApplicant } from '@medhire/contract/applicants';
import type { TJob } from '@medhire/contract/jobs';
import type { TMatch } from '@medhire/contract/matches';
import { useState } from 'react';
import { useAppDispatch } from '../../../app/hooks.ts';
import { applicantUpdated } from '../../applicants/applicants-slice.ts';
import { ApplicantCard, ApplicantCardActions } from '../../applicants/components/applicant-card.tsx';
import { toApplicantMatch, useApplicantActions } from '../../applicants/components/use-applicant-actions.tsx';
import { InviteToJobModal } from '../../matches/components/invite-to-job-modal.tsx';

/** The physicians in the job's pipeline, each with where they stand on every job of yours. */
export function JobApplicantsPanel({ job, applicants }: { job: TJob; applicants: readonly TApplicant[] }) {
  const dispatch = useAppDispatch();
  const [inviting, setInviting] = useState<TApplicant | null>(null);
  const { savingIds, toggleSave } = useApplicantActions();

  const onInvited = (match: TMatch) => {
    if (!inviting) return;
    dispatch(applicantUpdated({ ...inviting, matches: [toApplicantMatch(match), ...inviting.matches] }));
  };

  return (
    <>
      <ul className="pipeline-list" aria-label={`Applicants for ${job.title}`}>
        {applicants.map((applicant) => (
          <li key={applicant._id}>
            <ApplicantCard
              applicant={applicant}
              headingLevel={3}
              showScore={false}
              actions={
                <ApplicantCardActions
                  applicant={applicant}
                  actions={{ savingIds, toggleSave, invite: setInviting }}
                />
              }
            />
          </li>
        ))}
      </ul>
      <InviteToJobModal
        applicant={inviting}
        defaultJobId={job._id}
        onClose={() => setInviting(null)}
        onInvited={onInvited}
      />
    </>
  );
}
