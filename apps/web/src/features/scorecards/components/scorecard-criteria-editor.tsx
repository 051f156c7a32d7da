import {
  MAX_SCORECARD_CRITERIA,
  SCORECARD_MESSAGES,
  type TScorecardCriteria,
  type TUpdateScorecardCriteriaBody,
  ZUpdateScorecardCriteriaBody,
} from '@medhire/contract/interviews';
import { Alert } from '@medhire/ui/alert.tsx';
import { Button } from '@medhire/ui/button.tsx';
import { Card } from '@medhire/ui/card.tsx';
import { TextField } from '@medhire/ui/field.tsx';
import { Spinner } from '@medhire/ui/spinner.tsx';
import { notifySuccess } from '@medhire/ui/toast.ts';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { type FieldErrors, type Resolver, useFieldArray, useForm } from 'react-hook-form';
import { useCan } from '../../../app/use-can.ts';
import { describeError } from '../../../lib/http.ts';
import { scorecardsApi } from '../api/scorecards-api.ts';
import './scorecards.css';

/** Field arrays need objects: each criterion is `{ name }` in the form, a plain string in the payload. */
interface CriteriaForm {
  criteria: { name: string }[];
}

type CriterionErrors = { name?: { type: string; message: string } }[] & {
  root?: { type: string; message: string };
};

/**
 * Validates with the contract's schema and the server's one-name-once rule (without case), and
 * puts each message on the row it is about. Blank names are kept (not dropped as blanks
 * elsewhere are) so that the row's own "Name each criterion." shows.
 */
const criteriaResolver: Resolver<CriteriaForm, unknown, TUpdateScorecardCriteriaBody> = (values) => {
  const result = ZUpdateScorecardCriteriaBody.safeParse({
    criteria: values.criteria.map((criterion) => criterion.name),
  });
  const rows: CriterionErrors = [];
  if (!result.success) {
    for (const issue of result.error.issues) {
      const index = issue.path[1];
      if (typeof index === 'number') {
        rows[index] ??= { name: { type: issue.code, message: issue.message } };
      } else {
        rows.root ??= { type: issue.code, message: issue.message };
      }
    }
  }
  const seen = new Set<string>();
  values.criteria.forEach(({ name }, index) => {
    const key = name.trim().toLocaleLowerCase('en-US');
    if (!key) return;
    if (seen.has(key)) {
      rows[index] ??= { name: { type: 'duplicate', message: SCORECARD_MESSAGES.duplicateCriteria } };
    }
    seen.add(key);
  });
  if (result.success && rows.length === 0) return { values: result.data, errors: {} };
  return { values: {}, errors: { criteria: rows } as FieldErrors<CriteriaForm> };
};

const toForm = (criteria: readonly string[]): CriteriaForm => ({
  criteria: criteria.map((name) => ({ name })),
});

function CriteriaFormView({ jobId, saved }: { jobId: string; saved: TScorecardCriteria }) {
  const [failure, setFailure] = useState<string | null>(null);
  const [isDefault, setIsDefault] = useState(saved.isDefault);
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<CriteriaForm, unknown, TUpdateScorecardCriteriaBody>({
    resolver: criteriaResolver,
    defaultValues: toForm(saved.criteria),
  });
  const { fields, append, remove, move } = useFieldArray({ control, name: 'criteria' });

  const onSubmit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      const result = await scorecardsApi.updateCriteria(jobId, body);
      reset(toForm(result.criteria));
      setIsDefault(result.isDefault);
      notifySuccess('The scorecard criteria are saved.');
    } catch (error) {
      setFailure(describeError(error));
    }
  });

  const canAdd = fields.length < MAX_SCORECARD_CRITERIA;
  return (
    <form className="form-grid" onSubmit={onSubmit} noValidate aria-label="Scorecard criteria">
      {isDefault && (
        <p className="form-grid__note">
          This job uses the default criteria. Change them, or save them as they are, to keep them for this
          job.
        </p>
      )}
      {failure && <Alert variant="danger">{failure}</Alert>}
      <ol className="criteria-editor__list">
        {fields.map((field, index) => {
          const label = `Criterion ${index + 1}`;
          return (
            <li key={field.id} className="criteria-editor__row">
              <TextField
                label={label}
                maxLength={80}
                autoComplete="off"
                error={errors.criteria?.[index]?.name?.message}
                {...register(`criteria.${index}.name`)}
              />
              <div className="criteria-editor__buttons">
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Move ${label} up`}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  ↑
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Move ${label} down`}
                  disabled={index === fields.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  ↓
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove ${label}`}
                  disabled={fields.length === 1}
                  onClick={() => remove(index)}
                >
                  Remove
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      {errors.criteria?.root?.message && (
        <p className="field__error" role="alert">
          {errors.criteria.root.message}
        </p>
      )}
      <p className="form-grid__note">
        {canAdd
          ? `Up to ${MAX_SCORECARD_CRITERIA} criteria; interviewers rate each from 1 to 5, in this order.`
          : `That is the most a scorecard can have (${MAX_SCORECARD_CRITERIA}).`}
      </p>
      <div className="criteria-editor__actions">
        <Button variant="secondary" disabled={!canAdd} onClick={() => append({ name: '' })}>
          Add criterion
        </Button>
        <Button type="submit" isLoading={isSubmitting} disabled={!isDirty && !isDefault}>
          Save criteria
        </Button>
      </div>
    </form>
  );
}

/**
 * A job's interview scorecard criteria, in order: what its interviewers rate from 1 to 5. Members
 * who may edit the job change, reorder, add and remove them (1–12); the others see the list.
 * Scorecards already submitted keep the criteria they rated.
 */
export function ScorecardCriteriaEditor({ jobId }: { jobId: string }) {
  const canEdit = useCan('jobs.edit');
  const [saved, setSaved] = useState<TScorecardCriteria | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  const load = useCallback(
    (signal?: AbortSignal) => {
      setLoadError(null);
      scorecardsApi
        .getCriteria(jobId, signal)
        .then(setSaved)
        .catch((error) => {
          if (!signal?.aborted) setLoadError(describeError(error));
        });
    },
    [jobId],
  );
  useEffect(() => {
    const controller = new AbortController();
    setSaved(null);
    load(controller.signal);
    return () => controller.abort();
  }, [load]);

  let body: ReactNode;
  if (loadError) {
    body = (
      <Alert variant="danger" title="The scorecard criteria could not be loaded.">
        <p>{loadError}</p>
        <Button variant="secondary" size="sm" onClick={() => load()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (!saved) {
    body = <Spinner label="Loading the scorecard criteria" />;
  } else if (canEdit) {
    body = <CriteriaFormView key={saved.jobId} jobId={jobId} saved={saved} />;
  } else {
    body = (
      <ol className="criteria-editor__readonly">
        {saved.criteria.map((criterion) => (
          <li key={criterion}>{criterion}</li>
        ))}
      </ol>
    );
  }

  return (
    <Card
      title="Interview scorecard"
      description="What interviewers rate from 1 to 5 after an interview for this job."
    >
      {body}
    </Card>
  );
}
