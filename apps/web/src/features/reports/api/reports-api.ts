import type { TReport, TReportFilters, TReportSection } from '@medhire/contract/reports';
import { downloadBlob } from '../../../lib/download.ts';
import { http } from '../../../lib/http.ts';

const base = '/employer/report';

function search(filters: TReportFilters & { section?: TReportSection }): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Hiring analytics (/api/employer/report). */
export const reportsApi = {
  getReport: (filters: TReportFilters, signal?: AbortSignal) =>
    http.get<TReport>(`${base}/get-report`, { query: { ...filters }, signal }),
  downloadCsv: (section: TReportSection, filters: TReportFilters) =>
    downloadBlob(`${base}/download-csv${search({ ...filters, section })}`),
  downloadPdf: (filters: TReportFilters) => downloadBlob(`${base}/download-pdf${search(filters)}`),
};
