import type { TApplicantMatch } from '@medhire/contract/applicants';
import { BULK_ACTION_MAX, type TBulkInviteResult } from '@medhire/contract/bulk-actions';
import type { TInviteOrigin } from '@medhire/contract/matches';
import { Alert } from '@medhire/ui/alert.tsx';
import { Button } from '@medhire/ui/button.tsx';
import { Select } from '@medhire/ui/field.tsx';
import { Modal } from '@medhire/ui/modal.tsx';
import { notifyError } from '@medhire/ui/toast.ts';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useAppSelector } from '../../../app/hooks.ts';
import { describeError, errorMessage } from '../../../lib/http.ts';
import { countOf } from '../../../lib/plural.ts';
import { applicantsApi } from '../../applicants/api/applicants-api.ts';
import {
  BulkProgress,
  BulkRefusedAlert,
  BulkUndoToast,
  useBulkUndoOffer,
} from '../../applicants/components/bulk-action-bar.tsx';
import type { BulkSelection } from '../../applicants/components/bulk-selection.ts';
import { selectUser } from '../../auth/auth-slice.ts';
import { matchesApi } from '../api/matches-api.ts';
import { NoOpenJobs, OpenJobsFailed, OpenJobsSkeleton, useOpenJobs } from './invite-to-job-modal.tsx';
import './invite-to-job-modal.css';

/** A physician of the list as the bar needs them: to name them, and whether they are saved. */
export interface BulkInvitePhysician {
  _id: string;
  fullName: string;
  isSaved: boolean;
}

/** The invites a bulk invite or its undo changed, by physician: each entry to update in place. */
export type InviteChanges = ReadonlyMap<string, TApplicantMatch>;

/** A physician's invites with one added (a new invite) or replaced (the same invite, now withdrawn). */
export function withInviteChange<Physician extends { matches: readonly TApplicantMatch[] }>(
  physician: Physician,
  change: TApplicantMatch | undefined,
): Physician {
  if (!change) return physician;
  const isKnown = physician.matches.some((match) => match._id === change._id);
  return {
    ...physician,
    matches: isKnown
      ? physician.matches.map((match) => (match._id === change._id ? change : match))
      : [change, ...physician.matches],
  };
}

export interface BulkInviteBarProps {
  selection: BulkSelection;
  /** The physicians shown, in order: "Select all shown" and the names of those not invited. */
  shown: readonly BulkInvitePhysician[];
  /** Where the physicians were chosen, recorded with each invite. */
  origin: TInviteOrigin;
  /** The job the picker starts on (the job whose recommended list this is). */
  defaultJobId?: string;
  /** After invites were sent or withdrawn: update these physicians' entries. */
  onChanged: (changes: InviteChanges) => void;
  /** After a physician was saved or unsaved from the bar: update their entry. */
  onSavedChanged: (physicianId: string, isSaved: boolean) => void;
}

interface Outcome {
  result: TBulkInviteResult;
  jobTitle: string;
}

interface SaveOutcome {
  isSaving: boolean;
  done: number;
  refused: { id: string; name: string; message: string }[];
}

/**
 * The bar of a list of physicians with some selected: "Invite to job…" sends one invite each
 * (one request, each physician checked as a single invite is), then shows how many were invited
 * and why the others were not, with an "Undo" for 10 seconds that withdraws the invites still
 * pending. Save and Unsave go through the selected physicians one by one, counted in the
 * progress bar. The same pieces as the applicant list's bar (progress, refusals, undo toast).
 */
export function BulkInviteBar({
  selection,
  shown,
  origin,
  defaultJobId,
  onChanged,
  onSavedChanged,
}: BulkInviteBarProps) {
  const [isPicking, setIsPicking] = useState(false);
  const [running, setRunning] = useState<string | null>(null);
  const [steps, setSteps] = useState<{ done: number; of: number } | null>(null);
  const [saveOutcome, setSaveOutcome] = useState<SaveOutcome | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [undoable, setUndoable] = useBulkUndoOffer();
  const [undoMessage, setUndoMessage] = useState('');
  const names = new Map(shown.map((physician) => [physician._id, physician.fullName]));

  const count = selection.selected.size;
  if (count === 0 && !outcome && !saveOutcome && !undoable && !undoMessage) return null;

  /**
   * Saves (or unsaves) the selected physicians not saved (saved) yet, one call each, as their
   * cards' Save button does; the bar counts them as it goes.
   */
  const setSaved = async (isSaving: boolean) => {
    setOutcome(null);
    setSaveOutcome(null);
    setUndoable(null);
    setUndoMessage('');
    const targets = shown.filter(
      (physician) => selection.selected.has(physician._id) && physician.isSaved !== isSaving,
    );
    const verb = isSaving ? 'Saving' : 'Removing from saved';
    const refusedSaves: SaveOutcome['refused'] = [];
    let done = 0;
    setRunning(`${verb} ${countOf(targets.length, 'physician')}…`);
    for (const [index, physician] of targets.entries()) {
      setSteps({ done: index, of: targets.length });
      try {
        if (isSaving) await applicantsApi.saveApplicant(physician._id);
        else await applicantsApi.unsaveApplicant(physician._id);
        onSavedChanged(physician._id, isSaving);
        done += 1;
      } catch (error) {
        refusedSaves.push({ id: physician._id, name: physician.fullName, message: errorMessage(error) });
      }
    }
    setSteps(null);
    setRunning(null);
    setSaveOutcome({ isSaving, done, refused: refusedSaves });
    selection.clear();
  };

  const invite = async (job: { _id: string; title: string }) => {
    setIsPicking(false);
    setSaveOutcome(null);
    setOutcome(null);
    setUndoable(null);
    setUndoMessage('');
    const physicianIds = [...selection.selected].slice(0, BULK_ACTION_MAX);
    setRunning(`Inviting ${countOf(physicianIds.length, 'physician')} to ${job.title}…`);
    try {
      const result = await matchesApi.bulkInvite({ jobId: job._id, physicianIds, origin });
      const createdAt = new Date().toISOString();
      onChanged(
        new Map(
          result.applied.map((item) => [
            item.physicianId,
            {
              _id: item.matchId,
              jobId: job._id,
              jobTitle: job.title,
              status: 'pending',
              createdAt,
              conversationId: null,
            },
          ]),
        ),
      );
      setOutcome({ result, jobTitle: job.title });
      if (result.applied.length > 0) {
        setUndoable({
          operationId: result.operationId,
          message: `Invited ${countOf(result.applied.length, 'physician')} to ${job.title}.`,
        });
      }
      selection.clear();
    } catch (error) {
      notifyError(describeError(error));
    } finally {
      setRunning(null);
    }
  };

  const undo = async (operationId: string) => {
    if (!outcome) return;
    const { result, jobTitle } = outcome;
    setUndoable(null);
    setRunning('Withdrawing the invites…');
    try {
      const undone = await matchesApi.undoBulkInvite(operationId);
      const createdAt = new Date().toISOString();
      onChanged(
        new Map(
          undone.cancelled.map((item) => [
            item.physicianId,
            {
              _id: item.matchId,
              jobId: result.jobId,
              jobTitle,
              status: 'cancelled',
              createdAt,
              conversationId: null,
            },
          ]),
        ),
      );
      setOutcome(null);
      setUndoMessage(
        undone.refused.length > 0
          ? `Withdrew ${countOf(undone.cancelled.length, 'invite')}; ${countOf(undone.refused.length, 'physician')} already answered and stay as they are.`
          : `Withdrew ${countOf(undone.cancelled.length, 'invite')}.`,
      );
    } catch (error) {
      notifyError(describeError(error));
    } finally {
      setRunning(null);
    }
  };

  const isBusy = running !== null;
  const allShownSelected =
    shown.length > 0 && shown.every((physician) => selection.selected.has(physician._id));
  const applied = outcome?.result.applied.length ?? 0;
  const refused = outcome?.result.refused ?? [];

  return (
    <>
      {(count > 0 || running) && (
        <section className="bulk-bar" aria-label="Bulk actions">
          {count > 0 && (
            <div className="bulk-bar__selection">
              <p className="bulk-bar__count">{countOf(count, 'physician')} selected</p>
              {!allShownSelected && (
                <Button variant="ghost" size="sm" onClick={selection.selectPage} disabled={isBusy}>
                  Select all {shown.length} shown
                </Button>
              )}
              <Button variant="ghost" size="sm" onClick={selection.clear} disabled={isBusy}>
                Clear selection
              </Button>
            </div>
          )}
          {count > 0 && (
            <div className="bulk-bar__actions">
              <div className="bulk-bar__group">
                <Button size="sm" disabled={isBusy} onClick={() => setIsPicking(true)}>
                  Invite to job…
                </Button>
                <Button size="sm" variant="secondary" disabled={isBusy} onClick={() => setSaved(true)}>
                  Save
                </Button>
                <Button size="sm" variant="secondary" disabled={isBusy} onClick={() => setSaved(false)}>
                  Unsave
                </Button>
              </div>
            </div>
          )}
          {running && <BulkProgress label={running} value={steps?.done} max={steps?.of} />}
        </section>
      )}
      {outcome && refused.length > 0 && (
        <BulkRefusedAlert
          title={`${applied} invited, ${refused.length} not:`}
          items={refused.map((item) => ({
            id: item.physicianId,
            name: names.get(item.physicianId) ?? 'A physician',
            message: item.message,
          }))}
        />
      )}
      {outcome && refused.length === 0 && applied > 0 && (
        <p className="visually-hidden" role="status">
          {applied} invited to {outcome.jobTitle}.
        </p>
      )}
      {saveOutcome && saveOutcome.refused.length > 0 && (
        <BulkRefusedAlert
          title={`${saveOutcome.done} ${saveOutcome.isSaving ? 'saved' : 'removed from saved'}, ${saveOutcome.refused.length} not:`}
          items={saveOutcome.refused}
        />
      )}
      {saveOutcome && saveOutcome.refused.length === 0 && (
        <p className="visually-hidden" role="status">
          {saveOutcome.isSaving
            ? `Saved ${countOf(saveOutcome.done, 'physician')}.`
            : `Removed ${countOf(saveOutcome.done, 'physician')} from saved.`}
        </p>
      )}
      <BulkUndoToast offer={undoable} doneMessage={undoMessage} onUndo={undo} />
      <Modal
        isOpen={isPicking}
        onClose={() => setIsPicking(false)}
        title={`Invite ${countOf(count, 'physician')} to a job`}
        description="Each physician gets your invite and can accept or decline it. An accepted invite opens a conversation and uses one invite from your plan."
      >
        {isPicking && (
          <BulkInviteForm
            count={count}
            defaultJobId={defaultJobId}
            onCancel={() => setIsPicking(false)}
            onInvite={invite}
          />
        )}
      </Modal>
    </>
  );
}

/** The job picker of a bulk invite: the organisation's open jobs, the current one chosen. */
function BulkInviteForm({
  count,
  defaultJobId,
  onCancel,
  onInvite,
}: {
  count: number;
  defaultJobId?: string;
  onCancel: () => void;
  onInvite: (job: { _id: string; title: string }) => void;
}) {
  const invitesLeft = useAppSelector(selectUser)?.subscriptionMeta?.invitesLeft;
  const { jobsState, retry } = useOpenJobs();
  const formId = useId();
  const [jobId, setJobId] = useState('');
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    if (jobsState.status !== 'ready') return;
    const preferred =
      jobsState.jobs.find((job) => job._id === defaultJobId) ??
      (jobsState.jobs.length === 1 ? jobsState.jobs[0] : undefined);
    if (preferred) setJobId((current) => current || preferred._id);
  }, [jobsState, defaultJobId]);

  if (jobsState.status === 'loading') return <OpenJobsSkeleton />;
  if (jobsState.status === 'failed') return <OpenJobsFailed message={jobsState.message} onRetry={retry} />;
  if (jobsState.jobs.length === 0) return <NoOpenJobs onClose={onCancel} who="these physicians" />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const job = jobsState.jobs.find((entry) => entry._id === jobId);
    if (!job) {
      setError('Choose the job.');
      return;
    }
    onInvite({ _id: job._id, title: job.title });
  };

  return (
    <form id={formId} className="invite-form" noValidate onSubmit={onSubmit}>
      <Select
        label="Job"
        placeholder="Choose an open job"
        options={jobsState.jobs.map((job) => ({ value: job._id, label: job.title }))}
        value={jobId}
        error={error}
        onChange={(event) => {
          setJobId(event.target.value);
          setError(undefined);
        }}
      />
      {count > BULK_ACTION_MAX && (
        <Alert variant="warning" title={`At most ${BULK_ACTION_MAX} at once`}>
          <p>The first {BULK_ACTION_MAX} selected physicians are invited; invite the others next.</p>
        </Alert>
      )}
      {typeof invitesLeft === 'number' && (
        <p className="invite-form__note">
          {countOf(invitesLeft, 'invite')} left on your plan. Physicians who already hold an invite for the
          job, or beyond your plan's invites, are listed after sending with the reason.
        </p>
      )}
      <div className="invite-form__footer">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit">Send {countOf(Math.min(count, BULK_ACTION_MAX), 'invite')}</Button>
      </div>
    </form>
  );
}
