import type { TDeleteSavedViewData } from '@medhire/contract/saved-views';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { savedViews } from '../../db/schema/saved-views.ts';
import { viewToChange } from './update-view.ts';
import type { ViewMember } from './view-access.ts';

export interface DeleteViewOptions {
  db: Db;
  member: ViewMember;
  viewId: string;
}

/** Deletes a view the member may change. */
export async function deleteView({ db, member, viewId }: DeleteViewOptions): Promise<TDeleteSavedViewData> {
  await db.transaction(async (tx) => {
    await viewToChange(tx, member, viewId);
    await tx.delete(savedViews).where(eq(savedViews.id, viewId));
  });
  return { _id: viewId };
}
