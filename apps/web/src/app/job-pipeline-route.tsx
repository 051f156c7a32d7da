import { applicantsApi } from '../features/applicants/api/applicants-api.ts';
import { applicantUpdated } from '../features/applicants/applicants-slice.ts';
import { ScheduleInterviewButton } from '../features/interviews/components/schedule-interview-button.tsx';
import { templatesApi } from '../features/message-templates/api/templates-api.ts';
import { JobPipelineScreen } from '../features/pipeline/components/job-pipeline-screen.tsx';
import { SaveViewButton } from '../features/saved-views/components/save-view-button.tsx';
import { ScorecardCriteriaEditor } from '../features/scorecards/components/scorecard-criteria-editor.tsx';
import { useAppDispatch } from './hooks.ts';

/**
 * /jobs-resident/:id: the job's pipeline, each card offering "Schedule interview". Scheduling
 * moves the applicant to Interview: the applicant is loaded again so the card changes column.
 * The bulk bar may send the organisation's message templates. The Details tab adds the criteria the job's interview scorecards rate; "Save view" keeps the
 * board in the navigation.
 */
export function JobPipelineRoute() {
  const dispatch = useAppDispatch();
  return (
    <JobPipelineScreen
      loadTemplates={templatesApi.getTemplates}
      renderDetailsExtras={(jobId) => <ScorecardCriteriaEditor jobId={jobId} />}
      renderBoardActions={(jobId) => <SaveViewButton kind="board" filters={{ jobId }} />}
      renderCardActions={({ application, applicant }) =>
        application.withdrawnAt ? null : (
          <ScheduleInterviewButton
            variant="ghost"
            isCompact
            applicationId={application._id}
            physicianName={applicant.fullName}
            jobTitle={application.jobTitle}
            onScheduled={() => {
              applicantsApi
                .getSingleApplicant(applicant._id)
                .then((updated) => dispatch(applicantUpdated(updated)))
                .catch(() => undefined);
            }}
          />
        )
      }
    />
  );
}
