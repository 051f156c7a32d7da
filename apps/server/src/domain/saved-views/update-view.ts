import {
  SAVED_VIEW_MESSAGES,
  type TSavedView,
  type TUpdateSavedViewBody,
} from '@medhire/contract/saved-views';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { savedViews, type TSavedViewRow } from '../../db/schema/saved-views.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { countApplicants } from '../applicants/list-applicants.ts';
import {
  canEdit,
  isNameTaken,
  nameTaken,
  readableBy,
  toView,
  type ViewMember,
  viewNotFound,
} from './view-access.ts';

/**
 * The view the member means to change, locked for the change: 404 when they cannot read it
 * (another organisation's, another member's personal one, a shared one for a delegate), 403 when
 * they can read but not change it (a shared view for a recruiter).
 */
export async function viewToChange(tx: Db, member: ViewMember, viewId: string): Promise<TSavedViewRow> {
  const { organizationId } = member;
  if (!organizationId || !isUuid(viewId)) throw viewNotFound();
  const [row] = await tx
    .select()
    .from(savedViews)
    .where(and(eq(savedViews.id, viewId), readableBy({ ...member, organizationId })))
    .for('update');
  if (!row) throw viewNotFound();
  if (!canEdit(member, row)) throw new AppError('FORBIDDEN_ROLE', SAVED_VIEW_MESSAGES.sharedNeedsManager);
  return row;
}

export interface UpdateViewOptions {
  db: Db;
  member: ViewMember;
  viewId: string;
  body: TUpdateSavedViewBody;
  now?: Date;
}

/** Renames a view or keeps new filters in it; its kind and scope stay. */
export async function updateView({
  db,
  member,
  viewId,
  body,
  now = new Date(),
}: UpdateViewOptions): Promise<TSavedView> {
  try {
    const row = await db.transaction(async (tx) => {
      const current = await viewToChange(tx, member, viewId);
      if (body.filters) {
        if (current.kind === 'board' && !body.filters.jobId) {
          throw new AppError('VALIDATION_FAILED', SAVED_VIEW_MESSAGES.boardNeedsJob);
        }
        await countApplicants({ db: tx, owner: member, query: body.filters });
      }
      const [updated] = await tx
        .update(savedViews)
        .set({
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.filters !== undefined ? { filters: body.filters } : {}),
          updatedAt: now,
        })
        .where(eq(savedViews.id, viewId))
        .returning();
      if (!updated) throw viewNotFound();
      return updated;
    });
    return await toView(db, member, row);
  } catch (cause) {
    if (isNameTaken(cause)) throw nameTaken();
    throw cause;
  }
}
