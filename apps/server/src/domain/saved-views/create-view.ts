import {
  SAVED_VIEW_MESSAGES,
  type TCreateSavedViewBody,
  type TSavedView,
} from '@medhire/contract/saved-views';
import type { Db } from '../../db/index.ts';
import { savedViews } from '../../db/schema/saved-views.ts';
import { AppError } from '../../lib/app-error.ts';
import { countApplicants } from '../applicants/list-applicants.ts';
import { canManageShared, isNameTaken, nameTaken, toView, type ViewMember } from './view-access.ts';

export interface CreateViewOptions {
  db: Db;
  member: ViewMember;
  body: TCreateSavedViewBody;
  now?: Date;
}

/**
 * Saves a view: a personal one for any member, one shared with the organisation only with the
 * views.manage right (403 otherwise, nothing written). The filters were checked by the list's
 * own schema; the list is then asked to count them, so a job that is not the member's answers
 * 404 before anything is stored. A name already used in that scope answers 409.
 */
export async function createView({
  db,
  member,
  body,
  now = new Date(),
}: CreateViewOptions): Promise<TSavedView> {
  if (!member.organizationId) throw new AppError('FORBIDDEN', 'Set up your organization first.');
  const isShared = body.scope === 'organization';
  if (isShared && !canManageShared(member)) {
    throw new AppError('FORBIDDEN_ROLE', SAVED_VIEW_MESSAGES.sharedNeedsManager);
  }
  await countApplicants({ db, owner: member, query: body.filters });
  try {
    const [row] = await db
      .insert(savedViews)
      .values({
        organizationId: member.organizationId,
        ownerUserId: isShared ? null : member.userId,
        name: body.name,
        kind: body.kind,
        filters: body.filters,
        createdByUserId: member.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('The view was not stored.');
    return await toView(db, member, row);
  } catch (cause) {
    if (isNameTaken(cause)) throw nameTaken();
    throw cause;
  }
}
