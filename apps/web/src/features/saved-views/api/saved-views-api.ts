import type {
  TCreateSavedViewBodyInput,
  TDeleteSavedViewData,
  TSavedView,
  TSavedViewListData,
  TUpdateSavedViewBodyInput,
} from '@medhire/contract/saved-views';
import { http } from '../../../lib/http.ts';

const base = '/employer/view';
const id = encodeURIComponent;

/** Saved views of the applicant list and board (/api/employer/view), each with its current count. */
export const savedViewsApi = {
  getAllViews: (signal?: AbortSignal) => http.get<TSavedViewListData>(`${base}/get-all-views`, { signal }),
  createView: (body: TCreateSavedViewBodyInput) => http.post<TSavedView>(`${base}/create-view`, body),
  updateView: (viewId: string, body: TUpdateSavedViewBodyInput) =>
    http.patch<TSavedView>(`${base}/update-view/${id(viewId)}`, body),
  deleteView: (viewId: string) => http.delete<TDeleteSavedViewData>(`${base}/delete-view/${id(viewId)}`),
};
