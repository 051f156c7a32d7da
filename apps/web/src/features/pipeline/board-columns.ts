import type { TApplicant, TApplication } from '@medhire/contract/applicants';
import { PIPELINE_DISPLAY_ORDER, type TPipelineStatus } from '@medhire/contract/matches';

/**
 * The board's columns, left to right, in the order hiring happens (submitted, shortlisted,
 * interview, offer, hired), then the exit (rejected), set apart. Every pipeline stage of spec §4
 * has a column.
 */
export const BOARD_COLUMNS: readonly TPipelineStatus[] = PIPELINE_DISPLAY_ORDER;

/** One physician's application to the job, as a card on the board. */
export interface BoardCard {
  applicant: TApplicant;
  application: TApplication;
  /** The stage the card shows: a move in flight shows its destination. */
  status: TPipelineStatus;
  isPending: boolean;
}

export type BoardColumns = Record<TPipelineStatus, BoardCard[]>;

/** The applicant's application to this job, if the physician is in its pipeline. */
export function applicationFor(applicant: TApplicant, jobId: string): TApplication | undefined {
  return applicant.applications.find((application) => application.jobId === jobId);
}

/**
 * Groups the job's applicants by stage. `moves` holds the stages of moves still waiting for
 * the server (keyed by application id), so a dragged card lands at once and goes back if the
 * move is refused. Within a column the most recently changed card comes first, and a card on
 * its way there counts as changed just now, so it lands at the top where the eye follows it.
 */
export function buildBoard(
  applicants: readonly TApplicant[],
  jobId: string,
  moves: Readonly<Record<string, TPipelineStatus>> = {},
): BoardColumns {
  const columns = Object.fromEntries(
    BOARD_COLUMNS.map((status) => [status, [] as BoardCard[]]),
  ) as BoardColumns;
  for (const applicant of applicants) {
    const application = applicationFor(applicant, jobId);
    if (!application) continue;
    const pendingStatus = moves[application._id];
    const status = pendingStatus ?? application.pipelineStatus;
    columns[status].push({ applicant, application, status, isPending: pendingStatus !== undefined });
  }
  for (const status of BOARD_COLUMNS) {
    columns[status].sort(
      (a, b) =>
        Number(b.isPending) - Number(a.isPending) ||
        b.application.updatedAt.localeCompare(a.application.updatedAt),
    );
  }
  return columns;
}
