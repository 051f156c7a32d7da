import type { TDataExport, TDataExportList } from '@medhire/contract/data-export';
import { downloadBlob } from '../../../lib/download.ts';
import { http } from '../../../lib/http.ts';

const base = '/employer/data-export';

/** The owner's exports of the organisation's data (/api/employer/data-export, issue 14). */
export const dataExportApi = {
  requestExport: () => http.post<TDataExport>(`${base}/request-export`),
  getExports: (query: { pageSize: number; pageNumber: number }, signal?: AbortSignal) =>
    http.get<TDataExportList>(`${base}/get-exports`, { query: { ...query }, signal }),
  /** With the session token, which a plain link cannot carry (the e-mailed link has its own). */
  download: (exportId: string) => downloadBlob(`${base}/download/${encodeURIComponent(exportId)}`),
};
