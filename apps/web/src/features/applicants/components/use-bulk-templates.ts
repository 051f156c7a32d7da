import { useEffect, useState } from 'react';
import type { BulkTemplateOption } from './bulk-action-bar.tsx';

/** Loads the templates the member may send, composed in by the app (the templates feature's API). */
export type LoadBulkTemplates = (signal?: AbortSignal) => Promise<{ templates: BulkTemplateOption[] }>;

/**
 * The templates the bulk bar offers: none without `loadTemplates` or the right to message, and
 * none when they fail to load (the bar then leaves out sending one; every other action stays).
 */
export function useBulkTemplates(
  loadTemplates: LoadBulkTemplates | undefined,
  canMessage: boolean,
): BulkTemplateOption[] {
  const [templates, setTemplates] = useState<BulkTemplateOption[]>([]);
  useEffect(() => {
    if (!loadTemplates || !canMessage) return;
    const controller = new AbortController();
    loadTemplates(controller.signal)
      .then((list) => setTemplates(list.templates))
      .catch(() => undefined);
    return () => controller.abort();
  }, [loadTemplates, canMessage]);
  return canMessage ? templates : [];
}
