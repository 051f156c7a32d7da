import type { TInterviewStatus } from '@medhire/contract/interviews';
import { useState } from 'react';
import {
  ApplicantScreen,
  type RenderApplicationExtras,
} from '../features/applicants/components/applicant-profile.tsx';
import { ApplicationInterviews } from '../features/interviews/components/application-interviews.tsx';
import { ScheduleInterviewButton } from '../features/interviews/components/schedule-interview-button.tsx';
import { InterviewScorecards } from '../features/scorecards/components/interview-scorecards.tsx';
import { useCan } from './use-can.ts';

/** Interviews with a time have scorecards; proposed, declined and cancelled ones have none. */
const HAS_TIME: ReadonlySet<TInterviewStatus> = new Set(['scheduled', 'completed', 'no_show']);

/**
 * /applicants/:id: the applicant's page with each application's interviews composed in: the
 * interviews so far and to come with their scorecards, and "Schedule interview". Scheduling
 * moves the applicant to Interview, so the page loads them again.
 */
export function ApplicantRoute() {
  const [scheduledCount, setScheduledCount] = useState(0);
  const canSchedule = useCan('applicants');
  const renderApplicationExtras: RenderApplicationExtras = ({ application, applicant, reload }) => (
    <div className="applicant-interviews">
      {canSchedule && !application.withdrawnAt && (
        <ScheduleInterviewButton
          applicationId={application._id}
          physicianName={applicant.fullName}
          jobTitle={application.jobTitle}
          onScheduled={() => {
            setScheduledCount((count) => count + 1);
            void reload();
          }}
        />
      )}
      <ApplicationInterviews
        applicationId={application._id}
        physicianName={applicant.fullName}
        jobTitle={application.jobTitle}
        refreshKey={scheduledCount}
        onChanged={() => void reload()}
        renderInterviewExtras={(interview) =>
          HAS_TIME.has(interview.status) ? (
            <InterviewScorecards interviewId={interview._id} headingLevel={5} />
          ) : null
        }
      />
    </div>
  );
  return <ApplicantScreen renderApplicationExtras={renderApplicationExtras} />;
}
