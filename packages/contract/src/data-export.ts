import { z } from 'zod';

export const DATA_EXPORT_STATUSES = ['queued', 'running', 'ready', 'failed'] as const;
export const ZDataExportStatus = z.enum(DATA_EXPORT_STATUSES);
export type TDataExportStatus = z.infer<typeof ZDataExportStatus>;

/** How long the download link of a finished export works. */
export const DATA_EXPORT_VALID_DAYS = 7;

/** One export of the organisation's data, as the list shows it. */
export const ZDataExport = z.object({
  _id: z.string(),
  status: ZDataExportStatus,
  /** Who asked for it (their name or e-mail), null when that account is gone. */
  requestedBy: z.string().nullable(),
  /** ZIP size in bytes once ready. */
  sizeBytes: z.number().int().min(0).nullable(),
  /** ISO times. */
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** True once a ready export's link has expired (its file is gone or going). */
  isExpired: z.boolean(),
  /** Same-origin path the signed-in owner downloads it from; null unless ready and not expired. */
  downloadUrl: z.string().nullable(),
});
export type TDataExport = z.infer<typeof ZDataExport>;

/** `GET /api/employer/data-export/get-exports?pageSize&pageNumber` → newest first. */
export const ZGetDataExportsQuery = z.object({
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number.' })
    .int('pageSize must be a whole number.')
    .min(1, 'pageSize must be at least 1.')
    .max(50, 'pageSize can be at most 50.')
    .default(10),
  pageNumber: z.coerce
    .number({ error: 'pageNumber must be a number.' })
    .int('pageNumber must be a whole number.')
    .min(1, 'pageNumber must be at least 1.')
    .default(1),
});
export type TGetDataExportsQuery = z.input<typeof ZGetDataExportsQuery>;

export const ZDataExportList = z.object({
  items: z.array(ZDataExport),
  total: z.number().int().min(0),
  pageNumber: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type TDataExportList = z.infer<typeof ZDataExportList>;

/** `GET /api/employer/data-export/download/{exportId}?token=…` */
export const ZDataExportIdParams = z.object({ exportId: z.string().min(1).max(100) });
export const ZDataExportDownloadQuery = z.object({ token: z.string().min(1).max(200).optional() });

/** The files every export ZIP holds (each as .json and, for tables, .csv). */
export const DATA_EXPORT_FILES = [
  'organization',
  'jobs',
  'applicants',
  'pipeline-history',
  'matches',
  'conversations',
  'messages',
  'invoices',
  'activity-log',
  'team-members',
] as const;

export const DATA_EXPORT_MESSAGES = {
  forbidden: 'Only the owner of the organization can export its data.',
  alreadyRunning: 'An export is already being prepared. You will get an e-mail when it is ready.',
  requested: 'Your export is being prepared. We will e-mail you when it is ready.',
  notFound: 'We could not find that export.',
  notReady: 'This export is not ready yet.',
  expired: 'This download link has expired. Request a new export.',
  invalidToken: 'This download link is not valid. Sign in as the owner or request a new export.',
  noOrganization: 'Set up your organization profile first.',
} as const;
