import {
  SCORECARD_RECOMMENDATIONS,
  type TInterviewScorecards,
  type TScorecard,
  ZSubmitScorecardBody,
} from '@medhire/contract/interviews';
import { Alert } from '@medhire/ui/alert.tsx';
import { Badge } from '@medhire/ui/badge.tsx';
import { Button } from '@medhire/ui/button.tsx';
import { TextArea } from '@medhire/ui/field.tsx';
import { contractResolver } from '@medhire/ui/form-resolver.ts';
import { Spinner } from '@medhire/ui/spinner.tsx';
import { notifySuccess } from '@medhire/ui/toast.ts';
import { type ReactNode, useCallback, useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { describeError, HttpError } from '../../../lib/http.ts';
import { countOf } from '../../../lib/plural.ts';
import { scorecardsApi } from '../api/scorecards-api.ts';
import {
  formatSubmittedAt,
  RATING_VALUES,
  RECOMMENDATION_BADGES,
  RECOMMENDATION_LABELS,
} from './scorecard-labels.ts';
import '@medhire/ui/form-grid.css';
import './scorecards.css';

/** What the form holds: radio values are strings until the resolver turns them into the payload. */
interface ScorecardForm {
  ratings: { criterion: string; rating: string }[];
  recommendation: string;
  notes: string;
}

function toPayload(values: ScorecardForm) {
  return {
    // An unrated criterion becomes 0, so the contract's own "Rate from 1 to 5." explains it.
    ratings: values.ratings.map(({ criterion, rating }) => ({
      criterion,
      rating: rating ? Number(rating) : 0,
    })),
    recommendation: values.recommendation,
    notes: values.notes,
  };
}

function RatingGroup({
  index,
  criterion,
  error,
  register,
}: {
  index: number;
  criterion: string;
  error: string | undefined;
  register: ReturnType<typeof useForm<ScorecardForm>>['register'];
}) {
  const id = useId();
  return (
    <fieldset
      className={`form-grid__group scorecard-choice${error ? ' field--invalid' : ''}`}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="form-grid__legend">{criterion}</legend>
      <div className="scorecard-choice__options">
        {RATING_VALUES.map((value) => (
          <label key={value} className="scorecard-choice__option scorecard-choice__option--number">
            <input
              type="radio"
              value={String(value)}
              aria-label={`${value} of 5`}
              {...register(`ratings.${index}.rating`)}
            />
            <span aria-hidden="true">{value}</span>
          </label>
        ))}
      </div>
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

function ScorecardFormView({
  interviewId,
  criteria,
  onSubmitted,
  onFailed,
}: {
  interviewId: string;
  criteria: string[];
  onSubmitted: (result: TInterviewScorecards) => void;
  onFailed: (error: unknown) => void;
}) {
  const recommendationId = useId();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ScorecardForm, unknown, ReturnType<typeof ZSubmitScorecardBody.parse>>({
    resolver: contractResolver(ZSubmitScorecardBody, toPayload),
    defaultValues: {
      ratings: criteria.map((criterion) => ({ criterion, rating: '' })),
      recommendation: '',
      notes: '',
    },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      onSubmitted(await scorecardsApi.submitScorecard(interviewId, body));
    } catch (error) {
      onFailed(error);
    }
  });

  const recommendationError = errors.recommendation?.message;
  return (
    <form className="form-grid scorecard-form" onSubmit={onSubmit} noValidate aria-label="Your scorecard">
      <p className="form-grid__note">Rate each criterion from 1 (poor) to 5 (excellent).</p>
      {criteria.map((criterion, index) => (
        <RatingGroup
          key={criterion}
          index={index}
          criterion={criterion}
          error={errors.ratings?.[index]?.rating?.message}
          register={register}
        />
      ))}
      <fieldset
        className={`form-grid__group scorecard-choice${recommendationError ? ' field--invalid' : ''}`}
        aria-describedby={recommendationError ? `${recommendationId}-error` : undefined}
      >
        <legend className="form-grid__legend">Overall recommendation</legend>
        <div className="scorecard-choice__options">
          {SCORECARD_RECOMMENDATIONS.map((value) => (
            <label key={value} className="scorecard-choice__option">
              <input type="radio" value={value} {...register('recommendation')} />
              {RECOMMENDATION_LABELS[value]}
            </label>
          ))}
        </div>
        {recommendationError && (
          <p className="field__error" id={`${recommendationId}-error`}>
            {recommendationError}
          </p>
        )}
      </fieldset>
      <TextArea label="Notes" isOptional rows={4} error={errors.notes?.message} {...register('notes')} />
      <div>
        <Button type="submit" isLoading={isSubmitting}>
          Submit scorecard
        </Button>
      </div>
    </form>
  );
}

function ScorecardView({
  scorecard,
  isMine,
  nameLevel,
}: {
  scorecard: TScorecard;
  isMine: boolean;
  nameLevel: number;
}) {
  const Name = `h${Math.min(nameLevel, 6)}` as 'h4';
  return (
    <li className="scorecard">
      <div className="scorecard__head">
        <Name className="scorecard__name">
          {scorecard.interviewerName}
          {isMine && <span className="scorecard__you"> (you)</span>}
        </Name>
        <Badge variant={RECOMMENDATION_BADGES[scorecard.recommendation]}>
          {RECOMMENDATION_LABELS[scorecard.recommendation]}
        </Badge>
      </div>
      <p className="scorecard__meta">
        Submitted <time dateTime={scorecard.submittedAt}>{formatSubmittedAt(scorecard.submittedAt)}</time>
      </p>
      <dl className="scorecard__ratings">
        {scorecard.ratings.map(({ criterion, rating }) => (
          <div key={criterion} className="scorecard__rating">
            <dt>{criterion}</dt>
            <dd>{rating} of 5</dd>
          </div>
        ))}
      </dl>
      {scorecard.notes && <p className="scorecard__notes">{scorecard.notes}</p>}
    </li>
  );
}

/**
 * How many the caller may not see yet. An interviewer on an interview that was called off after
 * others rated it can no longer submit, so theirs stay hidden: say so rather than promise a form.
 */
function hiddenText(count: number, canSubmit: boolean): string {
  const verb = count === 1 ? 'is' : 'are';
  return canSubmit
    ? `${countOf(count, 'scorecard')} ${verb} hidden until you submit yours.`
    : `${countOf(count, 'scorecard')} ${verb} hidden: they show only to interviewers who submitted their own.`;
}

/**
 * The scorecards of one interview. An interviewer who has not submitted theirs sees only how many
 * the others submitted (the server keeps them back, so their own judgement stays their own) and
 * their form; once theirs is in, or for anyone else allowed, the list of all of them.
 */
export function InterviewScorecards({
  interviewId,
  headingLevel = 3,
}: {
  interviewId: string;
  /** The section's heading level where it is placed; each scorecard's name is one below. */
  headingLevel?: 3 | 4 | 5;
}) {
  const Title = `h${headingLevel}` as const;
  const headingId = useId();
  const [data, setData] = useState<TInterviewScorecards | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);

  const load = useCallback(
    (signal?: AbortSignal) => {
      setLoadError(null);
      scorecardsApi
        .getScorecards(interviewId, signal)
        .then(setData)
        .catch((error) => {
          if (!signal?.aborted) setLoadError(describeError(error));
        });
    },
    [interviewId],
  );
  useEffect(() => {
    const controller = new AbortController();
    setData(null);
    load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const onSubmitted = (result: TInterviewScorecards) => {
    setSubmitError(null);
    setData(result);
    notifySuccess('Your scorecard is submitted.');
  };
  const onFailed = (error: unknown) => {
    setSubmitError(describeError(error));
    // Already submitted (another tab, a double click that got through): show what is there now.
    if (error instanceof HttpError && error.status === 409) load();
  };

  let body: ReactNode;
  if (loadError) {
    body = (
      <Alert variant="danger" title="The scorecards could not be loaded.">
        <p>{loadError}</p>
        <Button variant="secondary" size="sm" onClick={() => load()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (!data) {
    body = <Spinner label="Loading scorecards" />;
  } else {
    const isBlind = data.hiddenCount > 0 && data.scorecards.length === 0;
    body = (
      <>
        {submitError && <Alert variant="danger">{submitError}</Alert>}
        {isBlind && <p className="scorecards__hidden">{hiddenText(data.hiddenCount, data.canSubmit)}</p>}
        {!isBlind && data.scorecards.length === 0 && !data.canSubmit && (
          <p className="scorecards__empty">No scorecards yet.</p>
        )}
        {data.scorecards.length > 0 && (
          <ul className="scorecards__list" aria-label="Submitted scorecards">
            {data.scorecards.map((scorecard) => (
              <ScorecardView
                key={scorecard._id}
                nameLevel={headingLevel + 1}
                scorecard={scorecard}
                isMine={scorecard._id === data.mine?._id}
              />
            ))}
          </ul>
        )}
        {data.canSubmit && (
          <ScorecardFormView
            interviewId={interviewId}
            criteria={data.criteria}
            onSubmitted={onSubmitted}
            onFailed={onFailed}
          />
        )}
      </>
    );
  }

  return (
    <section className="scorecards" aria-labelledby={headingId}>
      <Title className="scorecards__title" id={headingId}>
        Scorecards
      </Title>
      {body}
    </section>
  );
}
