import type { TApplicant, TApplication } from '@medhire/contract/applicants';
import { isPipelineExit, type TPipelineStatus } from '@medhire/contract/matches';
import { Badge } from '@medhire/ui/badge.tsx';
import { cx } from '@medhire/ui/cx.ts';
import { Spinner } from '@medhire/ui/spinner.tsx';
import { notifyError } from '@medhire/ui/toast.ts';
import { type DragEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useAppDispatch } from '../../../app/hooks.ts';
import { describeError, errorMessage } from '../../../lib/http.ts';
import { applicantsApi } from '../../applicants/api/applicants-api.ts';
import { applicantUpdated } from '../../applicants/applicants-slice.ts';
import { SelectApplicantCheckbox } from '../../applicants/components/bulk-action-bar.tsx';
import { type BulkSelection, hasAll } from '../../applicants/components/bulk-selection.ts';
import { MessageApplicantButton } from '../../conversations/components/message-applicant-button.tsx';
import { formatDay } from '../../matches/format-day.ts';
import { BOARD_COLUMNS, type BoardCard, buildBoard } from '../board-columns.ts';
import { MoveMenu } from './move-menu.tsx';

export interface PipelineBoardProps {
  jobId: string;
  applicants: readonly TApplicant[];
  /**
   * The physician to bring into view (a notification's `?applicant=`): their card is scrolled
   * to, highlighted and focused, so a keyboard or screen-reader user lands on it too.
   */
  applicantInView?: string | null;
  /** More actions on each card, composed in by the app (e.g. scheduling an interview). */
  renderCardActions?: (card: { application: TApplication; applicant: TApplicant }) => ReactNode;
  /**
   * Bulk selection of the cards, by application id: each card gets a checkbox (shift-click
   * selects the range within its column) and each column "Select all in <stage>".
   */
  selection?: BulkSelection;
}

const DRAG_TYPE = 'application/x-medhire-application';

function experienceText(years: number): string {
  return years === 1 ? '1 year experience' : `${years} years experience`;
}

/**
 * The job's pipeline as a board: a column per stage, a card per application. A card moves by
 * drag and drop or with its "Move" menu; the card lands at once, the move is saved, and a
 * refused move puts the card back and says why. Every move is announced to screen readers.
 */
export function PipelineBoard({
  jobId,
  applicants,
  applicantInView = null,
  renderCardActions,
  selection,
}: PipelineBoardProps) {
  const dispatch = useAppDispatch();
  const [moves, setMoves] = useState<Record<string, TPipelineStatus>>({});
  const [announcement, setAnnouncement] = useState('');
  const [draggedId, setDraggedId] = useState<string | null>(null);
  const [dropTarget, setDropTarget] = useState<TPipelineStatus | null>(null);
  const boardRef = useRef<HTMLDivElement>(null);
  const focusAfterMove = useRef<string | null>(null);
  const columns = useMemo(() => buildBoard(applicants, jobId, moves), [applicants, jobId, moves]);
  const broughtIntoView = useRef<string | null>(null);

  // Once per requested physician: later re-renders (a move, a live update) leave focus alone.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the columns re-run it when the card arrives.
  useEffect(() => {
    if (!applicantInView || broughtIntoView.current === applicantInView) return;
    const card = boardRef.current?.querySelector<HTMLElement>(
      `[data-physician-id="${CSS.escape(applicantInView)}"]`,
    );
    if (!card) return;
    broughtIntoView.current = applicantInView;
    card.querySelector<HTMLElement>('.pipeline-card__name')?.focus({ preventScroll: true });
    // Centred in the page and, on a phone, in the board's horizontal scroll too.
    card.scrollIntoView?.({ block: 'center', inline: 'center' });
  }, [applicantInView, columns]);

  // A card moved with the keyboard changes column, which re-creates it; keep focus on it.
  useEffect(() => {
    const applicationId = focusAfterMove.current;
    if (!applicationId) return;
    const button = boardRef.current?.querySelector<HTMLButtonElement>(
      `[data-application-id="${CSS.escape(applicationId)}"] .move-menu__button`,
    );
    if (button) {
      button.focus();
      focusAfterMove.current = null;
    }
  });

  const move = async (card: BoardCard, status: TPipelineStatus, isKeyboard: boolean) => {
    const { application, applicant } = card;
    if (card.isPending || status === card.status) return;
    if (isKeyboard) focusAfterMove.current = application._id;
    setMoves((current) => ({ ...current, [application._id]: status }));
    setAnnouncement(`Moving ${applicant.fullName} to ${status}…`);
    try {
      const answer = await applicantsApi.updatePipelineStatus(application._id, status);
      dispatch(applicantUpdated(answer));
      setAnnouncement(`${applicant.fullName} moved to ${status}.`);
    } catch (error) {
      const message = errorMessage(error);
      notifyError(message);
      setAnnouncement(
        `${applicant.fullName} could not be moved and stays in ${card.status}. ${describeError(error)}`,
      );
      if (isKeyboard) focusAfterMove.current = application._id;
    } finally {
      setMoves(({ [application._id]: _done, ...rest }) => rest);
    }
  };

  const findCard = (applicationId: string) =>
    BOARD_COLUMNS.flatMap((status) => columns[status]).find((card) => card.application._id === applicationId);

  const onDrop = (event: DragEvent<HTMLElement>, status: TPipelineStatus) => {
    event.preventDefault();
    const applicationId = event.dataTransfer.getData(DRAG_TYPE) || draggedId;
    setDropTarget(null);
    setDraggedId(null);
    const card = applicationId ? findCard(applicationId) : undefined;
    if (card) void move(card, status, false);
  };

  return (
    <div className={cx('pipeline-board', selection && 'pipeline-board--selectable')} ref={boardRef}>
      <p className="pipeline-board__help pipeline-board__help--pointer">
        Drag a card to another column, or use its <strong>Move</strong> button to choose a stage.
      </p>
      <p className="pipeline-board__help pipeline-board__help--touch">
        Use a card's <strong>Move</strong> button to change its stage.
      </p>
      <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
      <div className="pipeline-board__columns">
        {BOARD_COLUMNS.map((status) => {
          const cards = columns[status];
          const headingId = `pipeline-column-${jobId}-${status}`;
          const columnIds = cards.map((card) => card.application._id);
          const isColumnSelected = selection ? hasAll(selection.selected, columnIds) : false;
          return (
            <section
              key={status}
              aria-labelledby={headingId}
              className={cx(
                'pipeline-column',
                `pipeline-column--${status.toLowerCase()}`,
                isPipelineExit(status) && 'pipeline-column--exit',
                dropTarget === status && 'pipeline-column--over',
              )}
              onDragOver={(event) => {
                if (!draggedId) return;
                event.preventDefault();
                event.dataTransfer.dropEffect = 'move';
                if (dropTarget !== status) setDropTarget(status);
              }}
              onDragLeave={(event) => {
                if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropTarget(null);
              }}
              onDrop={(event) => onDrop(event, status)}
            >
              <h3 className="pipeline-column__title" id={headingId}>
                {status}
                <span className="pipeline-column__count">
                  {cards.length}
                  <span className="visually-hidden">{cards.length === 1 ? ' physician' : ' physicians'}</span>
                </span>
              </h3>
              {isPipelineExit(status) && <p className="pipeline-column__note">Out of the pipeline</p>}
              {selection && cards.length > 0 && (
                <label className="pipeline-column__select-all">
                  <input
                    type="checkbox"
                    className="bulk-select"
                    checked={isColumnSelected}
                    onChange={() =>
                      isColumnSelected ? selection.deselectIds(columnIds) : selection.selectIds(columnIds)
                    }
                  />
                  <span>
                    Select all<span className="visually-hidden"> in {status}</span>
                  </span>
                </label>
              )}
              {cards.length === 0 ? (
                <p className="pipeline-column__empty">{draggedId ? 'Drop here' : 'No one at this stage'}</p>
              ) : (
                <ul className="pipeline-column__cards" aria-labelledby={headingId}>
                  {cards.map((card) => (
                    <li
                      key={card.application._id}
                      data-application-id={card.application._id}
                      data-physician-id={card.applicant._id}
                      className={cx(
                        'pipeline-card',
                        card.applicant._id === applicantInView && 'pipeline-card--in-view',
                        card.isPending && 'pipeline-card--pending',
                        selection?.selected.has(card.application._id) && 'pipeline-card--selected',
                        draggedId === card.application._id && 'pipeline-card--dragging',
                      )}
                      draggable={!card.isPending}
                      aria-busy={card.isPending || undefined}
                      onDragStart={(event) => {
                        event.dataTransfer.setData(DRAG_TYPE, card.application._id);
                        event.dataTransfer.setData('text/plain', card.applicant.fullName);
                        event.dataTransfer.effectAllowed = 'move';
                        setDraggedId(card.application._id);
                      }}
                      onDragEnd={() => {
                        setDraggedId(null);
                        setDropTarget(null);
                      }}
                    >
                      <div className="pipeline-card__head">
                        {selection && (
                          <SelectApplicantCheckbox
                            applicantId={card.application._id}
                            applicantName={card.applicant.fullName}
                            selection={selection}
                            groupIds={columnIds}
                          />
                        )}
                        <Link className="pipeline-card__name" to={`/applicants/${card.applicant._id}`}>
                          {card.applicant.fullName}
                        </Link>
                        {card.isPending && <Spinner size="sm" label={`Saving the move to ${card.status}`} />}
                      </div>
                      <p className="pipeline-card__meta">{card.applicant.specialty.title}</p>
                      <p className="pipeline-card__meta">
                        {experienceText(card.applicant.yearsOfExperience)}
                      </p>
                      {card.application.assignee && (
                        <p className="pipeline-card__meta">
                          Assigned to {card.application.assignee.fullName}
                        </p>
                      )}
                      <div className="pipeline-card__foot">
                        <span className="pipeline-card__date">
                          {card.application.source === 'match' ? 'Joined' : 'Applied'}{' '}
                          {formatDay(card.application.appliedAt)}
                        </span>
                        {card.application.source === 'match' && <Badge variant="info">Invite</Badge>}
                      </div>
                      <div className="pipeline-card__actions">
                        <MoveMenu
                          name={card.applicant.fullName}
                          current={card.status}
                          disabled={card.isPending}
                          onMove={(status) => void move(card, status, true)}
                        />
                        <MessageApplicantButton
                          applicationId={card.application._id}
                          physicianName={card.applicant.fullName}
                          jobTitle={card.application.jobTitle}
                          variant="ghost"
                          isIconOnly
                        />
                        {renderCardActions?.({ application: card.application, applicant: card.applicant })}
                      </div>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      </div>
    </div>
  );
}
