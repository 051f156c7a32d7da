import { type TJob, type TJobFields, ZJobFields } from '@medhire/contract/jobs';
import { Alert } from '@medhire/ui/alert.tsx';
import { Button } from '@medhire/ui/button.tsx';
import { Card } from '@medhire/ui/card.tsx';
import { contractResolver, withoutBlanks } from '@medhire/ui/form-resolver.ts';
import { Spinner } from '@medhire/ui/spinner.tsx';
import { notifyFormError, notifySuccess } from '@medhire/ui/toast.ts';
import { type FormEvent, useId, useState } from 'react';
import { type FieldErrors, type FieldPath, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import {
  useWizardStep,
  WizardActions,
  WizardSpacer,
  WizardStepHeader,
  WizardSteps,
} from '../../../components/ui/wizard.tsx';
import { describeError, errorMessage, HttpError } from '../../../lib/http.ts';
import { selectUser } from '../../auth/auth-slice.ts';
import { useEnums } from '../../utility/use-enums.ts';
import { jobsApi } from '../api/jobs-api.ts';
import {
  JOB_FORM_STEPS,
  type JobFormValues,
  jobFieldsFromForm,
  jobFormStep,
  REVIEW_STEP_INDEX,
  stepOfField,
} from '../job-form-values.ts';
import { jobAdded, jobUpdated } from '../jobs-slice.ts';
import {
  CompensationSection,
  GrowthSection,
  hasPayRange,
  type JobForm,
  LocationsSection,
  RoleSection,
  ScheduleSection,
  SupportSection,
} from './job-form-sections.tsx';
import { JobPosting } from './job-posting.tsx';
import { PayTransparencyNotice } from './pay-transparency-notice.tsx';
import { useUnsavedChangesGuard } from './unsaved-changes-guard.tsx';

type Intent = 'draft' | 'publish' | 'save';

const COMPENSATION_STEP_INDEX = JOB_FORM_STEPS.findIndex((candidate) => candidate.id === 'compensation');

const resolver = contractResolver<typeof ZJobFields, JobFormValues>(ZJobFields, jobFieldsFromForm);

interface ServerIssue {
  field: string;
  message: string;
}

/** The per-field problems of a refused save (details `[{ field, message }]`), if any. */
function serverIssues(error: unknown): ServerIssue[] {
  if (!(error instanceof HttpError) || !Array.isArray(error.details)) return [];
  return error.details.filter(
    (issue): issue is ServerIssue =>
      typeof issue === 'object' &&
      issue !== null &&
      typeof (issue as ServerIssue).field === 'string' &&
      typeof (issue as ServerIssue).message === 'string',
  );
}

export interface JobWizardProps {
  initialValues: JobFormValues;
  /** The job being edited; absent when posting a new one. */
  job?: TJob;
}

/**
 * The job posting form (spec §3, Job): one step per group of fields, each checked against the
 * contract before moving on, then a review. A new job is published or kept as a draft; an
 * existing one is saved in place.
 */
export function JobWizard({ initialValues, job }: JobWizardProps) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const user = useAppSelector(selectUser);
  const { enums, error: enumsError, retry: retryEnums } = useEnums();
  const titleId = useId();
  const errorId = useId();
  const isEditing = job !== undefined;
  const {
    step,
    furthest: furthestStep,
    moveTo,
    show,
    headingRef,
  } = useWizardStep(0, isEditing ? REVIEW_STEP_INDEX : 0);
  const [serverError, setServerError] = useState<string | null>(null);
  const [pendingIntent, setPendingIntent] = useState<Intent | null>(null);

  const form: JobForm = useForm<JobFormValues, unknown, TJobFields>({
    resolver,
    defaultValues: initialValues,
    mode: 'onTouched',
  });
  const { release, prompt } = useUnsavedChangesGuard(form.formState.isDirty && pendingIntent === null);
  const current = jobFormStep(step);

  const goTo = async (target: number) => {
    if (target === step) return;
    if (target > step) {
      const fields = JOB_FORM_STEPS[step]?.fields ?? [];
      if (fields.length > 0 && !(await form.trigger([...fields], { shouldFocus: true }))) return;
    }
    setServerError(null);
    moveTo(target);
  };

  const onInvalid = (errors: FieldErrors<JobFormValues>) => {
    const firstStep = Math.min(...Object.keys(errors).map((field) => stepOfField(field)));
    if (firstStep < REVIEW_STEP_INDEX) {
      show(firstStep);
      notifyFormError(`Some details in “${jobFormStep(firstStep).title}” need attention.`);
    }
  };

  const send = async (fields: TJobFields, intent: Intent) => {
    setServerError(null);
    setPendingIntent(intent);
    let saved: TJob;
    try {
      if (job) {
        saved = await jobsApi.updateJob(job._id, fields);
        if (intent === 'publish') saved = await jobsApi.updateJobStatus(job._id, 'open');
      } else {
        if (!user) throw new Error('Sign in again to post a job.');
        saved = await jobsApi.createJob(user._id, {
          ...fields,
          status: intent === 'draft' ? 'draft' : 'open',
        });
      }
    } catch (error) {
      setPendingIntent(null);
      const message = errorMessage(error);
      const issues = serverIssues(error);
      for (const issue of issues) {
        form.setError(issue.field as FieldPath<JobFormValues>, { type: 'server', message: issue.message });
      }
      const first = issues[0];
      if (first) show(stepOfField(first.field));
      setServerError(describeError(error));
      notifyFormError(message);
      return;
    }
    dispatch(job ? jobUpdated(saved) : jobAdded(saved));
    release();
    notifySuccess(
      job
        ? intent === 'publish'
          ? 'Your changes are saved and the job is published.'
          : 'Your changes are saved.'
        : intent === 'draft'
          ? 'The job is saved as a draft.'
          : 'The job is published.',
    );
    void navigate(job ? `/jobs-resident/${saved._id}` : '/jobs');
  };

  const submit = (intent: Intent) => form.handleSubmit((fields) => send(fields, intent), onInvalid)();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pendingIntent) return;
    // Enter in a field moves on, like the Next button; on the review it saves.
    if (step < REVIEW_STEP_INDEX) void goTo(step + 1);
    else void submit(isEditing ? 'save' : 'publish');
  };

  const values = form.watch();
  const parsed = ZJobFields.safeParse(withoutBlanks(jobFieldsFromForm(values)));
  const reviewed: Partial<TJobFields> = parsed.success ? parsed.data : {};
  const isSending = pendingIntent !== null;

  // The choices come from the reference lists; a select filled before its options exist would
  // show nothing chosen, so the form waits for them.
  if (!enums) {
    return enumsError ? (
      <Alert variant="danger" title="We couldn't load the lists this form uses">
        <p>{describeError(enumsError)}</p>
        <Button variant="secondary" size="sm" onClick={retryEnums}>
          Try again
        </Button>
      </Alert>
    ) : (
      <div className="jobs-screen__loading">
        <Spinner size="lg" label="Loading the form" />
      </div>
    );
  }

  return (
    <div className="wizard">
      {prompt}
      <WizardSteps
        label="Job form steps"
        steps={JOB_FORM_STEPS}
        current={step}
        furthest={furthestStep}
        onGoTo={(index) => void goTo(index)}
        isCompact
      />
      <form
        className="wizard__form"
        onSubmit={onSubmit}
        noValidate
        aria-labelledby={titleId}
        aria-describedby={serverError ? errorId : undefined}
      >
        <Card padding="lg">
          <WizardStepHeader
            step={step}
            total={JOB_FORM_STEPS.length}
            title={current.title}
            description={current.description}
            titleId={titleId}
            headingRef={headingRef}
            error={{ id: errorId, title: "We couldn't save the job", message: serverError }}
          />
          {current.id === 'role' && <RoleSection form={form} />}
          {current.id === 'compensation' && <CompensationSection form={form} />}
          {current.id === 'schedule' && <ScheduleSection form={form} />}
          {current.id === 'support' && <SupportSection form={form} />}
          {current.id === 'growth' && <GrowthSection form={form} />}
          {current.id === 'locations' && <LocationsSection form={form} />}
          {current.id === 'review' && (
            <div className="job-review">
              <PayTransparencyNotice
                stateCodes={values.locations.map((location) => location.state)}
                hasPayRange={hasPayRange(values)}
                action={
                  <Button variant="secondary" size="sm" onClick={() => void goTo(COMPENSATION_STEP_INDEX)}>
                    Add a pay range
                  </Button>
                }
              />
              <p className="job-review__note">This is the posting as physicians will see it.</p>
              <JobPosting
                job={reviewed}
                enums={enums}
                headingLevel={3}
                onEdit={(index) => void goTo(index)}
              />
            </div>
          )}
          <WizardActions>
            {step > 0 && (
              <Button variant="secondary" onClick={() => void goTo(step - 1)} disabled={isSending}>
                Back
              </Button>
            )}
            <WizardSpacer />
            {isEditing ? (
              <>
                {job.status === 'draft' && step === REVIEW_STEP_INDEX && (
                  <Button
                    variant="secondary"
                    isLoading={pendingIntent === 'publish'}
                    disabled={isSending}
                    onClick={() => void submit('publish')}
                  >
                    Save and publish
                  </Button>
                )}
                {step < REVIEW_STEP_INDEX && (
                  <Button
                    variant="secondary"
                    isLoading={pendingIntent === 'save'}
                    disabled={isSending}
                    onClick={() => void submit('save')}
                  >
                    Save changes
                  </Button>
                )}
              </>
            ) : (
              <Button
                variant="secondary"
                isLoading={pendingIntent === 'draft'}
                disabled={isSending}
                onClick={() => void submit('draft')}
              >
                Save as draft
              </Button>
            )}
            {step < REVIEW_STEP_INDEX ? (
              <Button type="submit" disabled={isSending}>
                Next
              </Button>
            ) : (
              <Button
                type="submit"
                isLoading={pendingIntent === 'publish' || pendingIntent === 'save'}
                disabled={isSending}
              >
                {isEditing ? 'Save changes' : 'Publish'}
              </Button>
            )}
          </WizardActions>
        </Card>
      </form>
    </div>
  );
}
