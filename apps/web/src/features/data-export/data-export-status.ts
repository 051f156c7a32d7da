import type { TDataExport } from '@medhire/contract/data-export';

/** What the list shows for an export: its status, with a ready one past its link's life as expired. */
export function exportStatus(item: TDataExport): TDataExport['status'] | 'expired' {
  return item.status === 'ready' && item.isExpired ? 'expired' : item.status;
}

/** An export still being built: the page keeps reading the list until it is not. */
export function isInProgress(item: TDataExport): boolean {
  return item.status === 'queued' || item.status === 'running';
}

/** "812 KB", "3.4 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
