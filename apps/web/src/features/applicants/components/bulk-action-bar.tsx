import {
  BULK_ACTION_MAX,
  BULK_UNDO_WINDOW_MS,
  type TBulkActionBody,
  type TBulkActionResult,
} from '@medhire/contract/bulk-actions';
import { PIPELINE_DISPLAY_ORDER, type TPipelineStatus } from '@medhire/contract/matches';
import type { TTeamMember } from '@medhire/contract/team';
import { Alert } from '@medhire/ui/alert.tsx';
import { Button } from '@medhire/ui/button.tsx';
import { Select } from '@medhire/ui/field.tsx';
import { notifyError } from '@medhire/ui/toast.ts';
import { useEffect, useState } from 'react';
import { describeError } from '../../../lib/http.ts';
import { countOf } from '../../../lib/plural.ts';
import { applicantsApi } from '../api/applicants-api.ts';
import type { BulkSelection } from './bulk-selection.ts';

/** A template the member may send, as the picker lists it. */
export interface BulkTemplateOption {
  _id: string;
  name: string;
}

/** What a bulk action is applied to: the applications behind the selected rows, and their names. */
export interface BulkTargets {
  applicationIds: string[];
  /** The applicant's name for an application id, to name the refused ones. */
  nameOf: (applicationId: string) => string;
}

export interface BulkActionBarProps {
  selection: BulkSelection;
  /** How many applicants match the list's filters (all pages). */
  totalMatching: number;
  /** How many rows the page shows: "select all matching" is offered when there are more. */
  pageRows: number;
  resolveTargets: () => Promise<BulkTargets>;
  members: readonly TTeamMember[];
  canAssign: boolean;
  templates: readonly BulkTemplateOption[];
  /** After an action or its undo: reload the list. */
  onChanged: () => void;
  /** What a selected row is, for one and for several ("applicant", the default, or "application"). */
  noun?: { one: string; many: string };
}

const APPLICANT_NOUN = { one: 'applicant', many: 'applicants' } as const;

/** Each kind of action's fields, without the applications (the bar adds those). */
type WithoutApplications<Body> = Body extends unknown ? Omit<Body, 'applicationIds'> : never;
type Action = WithoutApplications<TBulkActionBody>;

const ACTION_WORDS: Record<TBulkActionBody['action'], string> = {
  move: 'Moved',
  reject: 'Rejected',
  save: 'Saved',
  unsave: 'Removed from saved',
  assign: 'Assigned',
  message: 'Sent the template to',
};

interface Outcome {
  result: TBulkActionResult;
  names: Map<string, string>;
}

/**
 * The sticky bar of a list with selected applicants: move to a stage, reject (optionally with a
 * template), save, unsave, assign, send a template. One request per action; while it runs the
 * bar shows its progress, then a summary naming the applicants it could not change and why, and
 * an "Undo" for 10 seconds.
 */
export function BulkActionBar({
  selection,
  totalMatching,
  pageRows,
  resolveTargets,
  members,
  canAssign,
  templates,
  onChanged,
  noun = APPLICANT_NOUN,
}: BulkActionBarProps) {
  const [stage, setStage] = useState<TPipelineStatus | ''>('');
  const [assigneeId, setAssigneeId] = useState('');
  const [templateId, setTemplateId] = useState('');
  const [running, setRunning] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [undoable, setUndoable] = useBulkUndoOffer();
  const [undoMessage, setUndoMessage] = useState('');

  const count = selection.isAllMatching ? Math.min(totalMatching, BULK_ACTION_MAX) : selection.selected.size;
  if (count === 0 && !outcome && !undoable && !undoMessage) return null;

  const run = async (action: Action) => {
    setOutcome(null);
    setUndoable(null);
    setUndoMessage('');
    setRunning(`Working on ${countOf(count, noun.one, noun.many)}…`);
    try {
      const targets = await resolveTargets();
      const result = await applicantsApi.bulkAction({
        ...action,
        applicationIds: targets.applicationIds,
      });
      const names = new Map(
        result.refused.map((item) => [item.applicationId, targets.nameOf(item.applicationId)]),
      );
      setOutcome({ result, names });
      if (result.applied.length > 0) {
        setUndoable({
          operationId: result.operationId,
          message: `${ACTION_WORDS[result.action]} ${countOf(result.applied.length, 'application', 'applications')}.`,
        });
      }
      selection.clear();
      onChanged();
    } catch (error) {
      notifyError(describeError(error));
    } finally {
      setRunning(null);
    }
  };

  const undo = async (operationId: string) => {
    setUndoable(null);
    setRunning('Undoing…');
    try {
      const undone = await applicantsApi.undoBulkAction(operationId);
      setOutcome(null);
      onChanged();
      setUndoMessage(
        undone.refused.length > 0
          ? `Undone for ${countOf(undone.restored.length, 'application', 'applications')}; ${undone.refused.length} changed since and stayed as they are.`
          : `Undone for ${countOf(undone.restored.length, 'application', 'applications')}.`,
      );
    } catch (error) {
      notifyError(describeError(error));
    } finally {
      setRunning(null);
    }
  };
  const isBusy = running !== null;
  const isDisabled = isBusy || count === 0;

  return (
    <>
      {count > 0 && (
        <section className="bulk-bar" aria-label="Bulk actions">
          <div className="bulk-bar__selection">
            <p className="bulk-bar__count">{countOf(count, noun.one, noun.many)} selected</p>
            {!selection.isAllMatching && totalMatching > pageRows && (
              <Button variant="ghost" size="sm" onClick={selection.selectAllMatching} disabled={isBusy}>
                Select all {Math.min(totalMatching, BULK_ACTION_MAX).toLocaleString('en-US')} matching
              </Button>
            )}
            <Button variant="ghost" size="sm" onClick={selection.clear} disabled={isBusy}>
              Clear selection
            </Button>
          </div>
          <div className="bulk-bar__actions">
            <div className="bulk-bar__group">
              <Select
                label="Move to stage"
                placeholder="Choose a stage"
                options={PIPELINE_DISPLAY_ORDER.map((status) => ({ value: status, label: status }))}
                value={stage}
                onChange={(event) => setStage(event.target.value as TPipelineStatus | '')}
              />
              <Button
                size="sm"
                disabled={isDisabled || !stage}
                onClick={() => stage && run({ action: 'move', stage })}
              >
                Move
              </Button>
            </div>
            {templates.length > 0 && (
              <div className="bulk-bar__group">
                <Select
                  label="Message template"
                  placeholder="Choose a template"
                  options={templates.map((template) => ({ value: template._id, label: template.name }))}
                  value={templateId}
                  onChange={(event) => setTemplateId(event.target.value)}
                />
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={isDisabled || !templateId}
                  onClick={() => run({ action: 'message', templateId })}
                >
                  Send template
                </Button>
              </div>
            )}
            {canAssign && members.length > 0 && (
              <div className="bulk-bar__group">
                <Select
                  label="Assign to"
                  placeholder="Choose a member"
                  options={members.map((member) => ({
                    value: member._id,
                    label: member.fullName ?? member.email,
                  }))}
                  value={assigneeId}
                  onChange={(event) => setAssigneeId(event.target.value)}
                />
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={isDisabled || !assigneeId}
                  onClick={() => run({ action: 'assign', assigneeId })}
                >
                  Assign
                </Button>
              </div>
            )}
            <div className="bulk-bar__group">
              <Button
                size="sm"
                variant="danger"
                disabled={isDisabled}
                onClick={() => run(templateId ? { action: 'reject', templateId } : { action: 'reject' })}
              >
                {templateId ? 'Reject and send template' : 'Reject'}
              </Button>
              <Button
                size="sm"
                variant="secondary"
                disabled={isDisabled}
                onClick={() => run({ action: 'save' })}
              >
                Save
              </Button>
              <Button
                size="sm"
                variant="secondary"
                disabled={isDisabled}
                onClick={() => run({ action: 'unsave' })}
              >
                Unsave
              </Button>
            </div>
          </div>
          {running && <BulkProgress label={running} />}
        </section>
      )}
      {outcome && outcome.result.refused.length > 0 && (
        <BulkRefusedAlert
          title={`${countOf(outcome.result.refused.length, 'application was', 'applications were')} not changed`}
          items={outcome.result.refused.map((item) => ({
            id: item.applicationId,
            name: outcome.names.get(item.applicationId) ?? '',
            message: item.message,
          }))}
        />
      )}
      <BulkUndoToast offer={undoable} doneMessage={undoMessage} onUndo={undo} />
    </>
  );
}

/** What a bulk action offers to undo, for BULK_UNDO_WINDOW_MS after it answered. */
export interface BulkUndoOffer {
  operationId: string;
  /** "Moved 12 applications." */
  message: string;
}

/** The undo offer of a bulk bar: set after an action, withdrawn by itself when the window closes. */
export function useBulkUndoOffer() {
  const [offer, setOffer] = useState<BulkUndoOffer | null>(null);
  useEffect(() => {
    if (!offer) return;
    const timer = setTimeout(() => setOffer(null), BULK_UNDO_WINDOW_MS);
    return () => clearTimeout(timer);
  }, [offer]);
  return [offer, setOffer] as const;
}

/**
 * A bulk action under way: a progress bar named by what it does ("Inviting 40 physicians…"),
 * indeterminate unless the action counts its steps (`value` of `max`).
 */
export function BulkProgress({ label, value, max }: { label: string; value?: number; max?: number }) {
  return (
    <div className="bulk-bar__progress" role="status">
      <progress aria-label={label} value={value} max={max} />
      <span>{label}</span>
    </div>
  );
}

/** The items a bulk action left out, each named, with the server's reason. */
export function BulkRefusedAlert({
  title,
  items,
}: {
  title: string;
  items: readonly { id: string; name: string; message: string }[];
}) {
  return (
    <Alert variant="warning" title={title}>
      <ul className="bulk-bar__refused">
        {items.map((item) => (
          <li key={item.id}>
            <strong>{item.name}</strong>: {item.message}
          </li>
        ))}
      </ul>
    </Alert>
  );
}

/**
 * The toast offering "Undo" while the window is open; after an undo, its result is read out to
 * screen readers from the same live region.
 */
export function BulkUndoToast({
  offer,
  doneMessage,
  onUndo,
}: {
  offer: BulkUndoOffer | null;
  doneMessage: string;
  onUndo: (operationId: string) => void;
}) {
  return (
    <div className="bulk-undo" role="status" aria-live="polite">
      {offer ? (
        <div className="bulk-undo__toast">
          <span>{offer.message}</span>
          <Button size="sm" variant="secondary" onClick={() => onUndo(offer.operationId)}>
            Undo
          </Button>
        </div>
      ) : (
        doneMessage && <span className="visually-hidden">{doneMessage}</span>
      )}
    </div>
  );
}

/**
 * A row's selection checkbox, named by the applicant; shift-click (or Shift+Space) selects a range.
 * `applicantId` is the selected id (an application's id where rows are applications); with
 * `groupIds` the range stays within that group (a board column, a physician's applications).
 */
export function SelectApplicantCheckbox({
  applicantId,
  applicantName,
  selection,
  groupIds,
  label,
}: {
  applicantId: string;
  applicantName: string;
  selection: BulkSelection;
  groupIds?: readonly string[];
  /** The accessible name, when "Select <name>" would not tell rows apart. */
  label?: string;
}) {
  return (
    <input
      type="checkbox"
      className="bulk-select"
      aria-label={label ?? `Select ${applicantName}`}
      checked={selection.isAllMatching || selection.selected.has(applicantId)}
      onChange={(event) => {
        const isRange = (event.nativeEvent as MouseEvent).shiftKey === true;
        if (groupIds) selection.toggleWithin(applicantId, isRange, groupIds);
        else selection.toggle(applicantId, isRange);
      }}
    />
  );
}
