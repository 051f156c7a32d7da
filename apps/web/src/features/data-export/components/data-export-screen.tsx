import {
  DATA_EXPORT_VALID_DAYS,
  type TDataExport,
  type TDataExportList,
} from '@medhire/contract/data-export';
import { Alert } from '@medhire/ui/alert.tsx';
import { Badge, type BadgeVariant } from '@medhire/ui/badge.tsx';
import { Button } from '@medhire/ui/button.tsx';
import { Card } from '@medhire/ui/card.tsx';
import { Pager } from '@medhire/ui/pager.tsx';
import { Spinner } from '@medhire/ui/spinner.tsx';
import { Table } from '@medhire/ui/table.tsx';
import { notifyError, notifySuccess } from '@medhire/ui/toast.ts';
import { useEffect, useState } from 'react';
import { useAppSelector } from '../../../app/hooks.ts';
import { saveBlob } from '../../../lib/download.ts';
import { describeError, errorMessage } from '../../../lib/http.ts';
import { selectUser } from '../../auth/auth-slice.ts';
import { dataExportApi } from '../api/data-export-api.ts';
import { exportStatus, formatBytes, isInProgress } from '../data-export-status.ts';
import './data-export-screen.css';

export const EXPORTS_PAGE_SIZE = 10;
/** How often the list is read again while an export is being built. */
export const EXPORT_POLL_MS = 3000;

type Load =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; data: TDataExportList };

const DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const WHEN = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const BADGE: Record<ReturnType<typeof exportStatus>, { label: string; variant: BadgeVariant }> = {
  queued: { label: 'Queued', variant: 'info' },
  running: { label: 'Preparing', variant: 'info' },
  ready: { label: 'Ready', variant: 'success' },
  expired: { label: 'Expired', variant: 'neutral' },
  failed: { label: 'Failed', variant: 'danger' },
};

/** Whether the signed-in member may export, from the session's rights; the server checks anyway. */
function useCanExport(): boolean {
  const user = useAppSelector(selectUser);
  return user?.rights?.includes('data.export') ?? false;
}

/** /settings/data-export (issue 14): the owner requests an export and downloads past ones. */
export function DataExportScreen() {
  const canExport = useCanExport();
  const [page, setPage] = useState(1);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [reloads, setReloads] = useState(0);
  const [isRequesting, setIsRequesting] = useState(false);
  const [downloading, setDownloading] = useState<string | null>(null);

  // Polls while an export is queued or running: each answer schedules the next read.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads re-runs the load.
  useEffect(() => {
    if (!canExport) return;
    const controller = new AbortController();
    dataExportApi
      .getExports({ pageSize: EXPORTS_PAGE_SIZE, pageNumber: page }, controller.signal)
      .then((data) => setLoad({ status: 'ready', data }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoad({ status: 'failed', message: describeError(error) });
      });
    return () => controller.abort();
  }, [canExport, page, reloads]);

  const items = load.status === 'ready' ? load.data.items : [];
  const hasExportInProgress = items.some(isInProgress);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new answer (load) schedules the next read.
  useEffect(() => {
    if (!hasExportInProgress) return;
    const timer = setTimeout(() => setReloads((count) => count + 1), EXPORT_POLL_MS);
    return () => clearTimeout(timer);
  }, [hasExportInProgress, load]);

  async function onRequest() {
    setIsRequesting(true);
    try {
      await dataExportApi.requestExport();
      notifySuccess('Your export is being prepared. We will e-mail you when it is ready.');
      setPage(1);
      setReloads((count) => count + 1);
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setIsRequesting(false);
    }
  }

  async function onDownload(item: TDataExport) {
    setDownloading(item._id);
    try {
      const day = (item.completedAt ?? item.createdAt).slice(0, 10);
      saveBlob(await dataExportApi.download(item._id), `medhire-export-${day}.zip`);
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setDownloading(null);
    }
  }

  const pageCount = load.status === 'ready' ? Math.max(1, Math.ceil(load.data.total / EXPORTS_PAGE_SIZE)) : 1;
  return (
    <div className="data-export-screen">
      <title>Data export · MedHire</title>
      {!canExport ? (
        <Alert variant="info" title="Only the owner can export the organization's data">
          Ask the owner of your organization for an export.
        </Alert>
      ) : (
        <>
          <Card title="Request an export">
            <div className="data-export-request">
              <p>
                One ZIP file of JSON and CSV files: your organization profile, jobs, applicants and the
                physicians they hold, pipeline history, invites, conversations with their messages, invoices,
                the activity log and your team.
              </p>
              <p>
                We prepare it in the background and e-mail you a download link, valid for{' '}
                {DATA_EXPORT_VALID_DAYS} days. You can also download it from this page.
              </p>
              {hasExportInProgress ? (
                <p className="data-export-progress" role="status">
                  <Spinner /> Preparing your export… This page updates by itself.
                </p>
              ) : (
                <Button isLoading={isRequesting} onClick={() => void onRequest()}>
                  Request export
                </Button>
              )}
            </div>
          </Card>
          <Card title="Past exports">
            {load.status === 'loading' && (
              <p className="data-export-progress" role="status">
                <Spinner /> Loading your exports…
              </p>
            )}
            {load.status === 'failed' && (
              <Alert variant="danger" title="We couldn't load your exports">
                <p>{load.message}</p>
                <Button variant="secondary" size="sm" onClick={() => setReloads((count) => count + 1)}>
                  Try again
                </Button>
              </Alert>
            )}
            {load.status === 'ready' && (
              <>
                <Table<TDataExport>
                  caption="Past exports"
                  isStackedOnPhone
                  rows={items}
                  rowKey={(item) => item._id}
                  emptyMessage="No exports yet."
                  columns={[
                    {
                      key: 'requested',
                      header: 'Requested',
                      cell: (item) => (
                        <time dateTime={item.createdAt}>{WHEN.format(new Date(item.createdAt))}</time>
                      ),
                    },
                    { key: 'by', header: 'By', cell: (item) => item.requestedBy ?? 'A former member' },
                    {
                      key: 'status',
                      header: 'Status',
                      cell: (item) => {
                        const badge = BADGE[exportStatus(item)];
                        return <Badge variant={badge.variant}>{badge.label}</Badge>;
                      },
                    },
                    {
                      key: 'size',
                      header: 'Size',
                      align: 'end',
                      cell: (item) => (item.sizeBytes === null ? '—' : formatBytes(item.sizeBytes)),
                    },
                    {
                      key: 'expiry',
                      header: 'Link valid until',
                      cell: (item) =>
                        item.expiresAt ? (
                          <time className="data-export-expiry" dateTime={item.expiresAt}>
                            {item.isExpired ? 'Expired ' : ''}
                            {DAY.format(new Date(item.expiresAt))}
                          </time>
                        ) : (
                          '—'
                        ),
                    },
                    {
                      key: 'download',
                      header: <span className="visually-hidden">Download</span>,
                      align: 'end',
                      cell: (item) =>
                        item.downloadUrl ? (
                          <Button
                            variant="secondary"
                            size="sm"
                            isLoading={downloading === item._id}
                            aria-label={`Download the export of ${DAY.format(new Date(item.createdAt))}`}
                            onClick={() => void onDownload(item)}
                          >
                            Download
                          </Button>
                        ) : null,
                    },
                  ]}
                />
                <Pager
                  status={`Page ${page} of ${pageCount}`}
                  page={page}
                  pageCount={pageCount}
                  onPage={setPage}
                  isMuted
                />
              </>
            )}
          </Card>
        </>
      )}
    </div>
  );
}
