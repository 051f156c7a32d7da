import type { TJob, TJobStatus } from '@medhire/contract/jobs';
import { Button } from '@medhire/ui/button.tsx';
import { Modal } from '@medhire/ui/modal.tsx';
import { notifyError, notifyInfo, notifySuccess } from '@medhire/ui/toast.ts';
import { type ReactNode, useState } from 'react';
import { useAppDispatch } from '../../../app/hooks.ts';
import { errorMessage } from '../../../lib/http.ts';
import { jobsApi } from '../api/jobs-api.ts';
import { jobAdded, jobDeleted, jobUpdated } from '../jobs-slice.ts';

export interface JobActions {
  /** The job whose action is running, so its buttons can wait. */
  busyJobId: string | null;
  duplicate: (job: TJob) => Promise<void>;
  setStatus: (job: TJob, status: TJobStatus) => Promise<void>;
  /** Opens the confirmation; the job is deleted only once the person confirms. */
  askToDelete: (job: TJob) => void;
  /** The confirmation dialog, to render once on the page. */
  confirmation: ReactNode;
}

/**
 * Duplicate, open/close and delete, applied to the stored list by the spec's rules (§4): a copy
 * is appended, a changed job replaces the one with its _id, a deleted one is removed by _id.
 */
export function useJobActions({
  onAdded,
  onDeleted,
}: {
  onAdded?: (job: TJob) => void;
  onDeleted?: (job: TJob) => void;
} = {}): JobActions {
  const dispatch = useAppDispatch();
  const [busyJobId, setBusyJobId] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<TJob | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);

  const run = async (job: TJob, action: () => Promise<void>) => {
    setBusyJobId(job._id);
    try {
      await action();
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setBusyJobId(null);
    }
  };

  const duplicate = (job: TJob) =>
    run(job, async () => {
      const copy = await jobsApi.duplicateJob(job._id);
      dispatch(jobAdded(copy));
      onAdded?.(copy);
      notifySuccess(`Copied as a draft: ${copy.title}`);
    });

  const setStatus = (job: TJob, status: TJobStatus) =>
    run(job, async () => {
      dispatch(jobUpdated(await jobsApi.updateJobStatus(job._id, status)));
      notifySuccess(status === 'closed' ? `${job.title} is closed.` : `${job.title} is open to applicants.`);
    });

  const confirmDelete = async () => {
    if (!toDelete) return;
    const job = toDelete;
    setIsDeleting(true);
    try {
      const result = await jobsApi.deleteJob(job._id);
      if (result.deleted) {
        dispatch(jobDeleted(job._id));
        onDeleted?.(job);
        notifySuccess(`${job.title} is deleted.`);
      } else if (result.closed) {
        // A job that physicians applied to is kept, so their applications stay readable.
        dispatch(jobUpdated({ ...job, status: 'closed' }));
        notifyInfo(`${job.title} has applicants, so it was closed instead of deleted.`);
      }
      setToDelete(null);
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setIsDeleting(false);
    }
  };

  const confirmation = (
    <Modal
      isOpen={toDelete !== null}
      onClose={() => {
        if (!isDeleting) setToDelete(null);
      }}
      size="sm"
      title="Delete this job?"
      description={
        toDelete
          ? `“${toDelete.title}” will be removed from MedHire. A job that physicians applied to is closed instead, so their applications stay available.`
          : undefined
      }
      footer={
        <>
          <Button variant="secondary" onClick={() => setToDelete(null)} disabled={isDeleting}>
            Cancel
          </Button>
          <Button variant="danger" isLoading={isDeleting} onClick={() => void confirmDelete()}>
            Delete job
          </Button>
        </>
      }
    />
  );

  return { busyJobId, duplicate, setStatus, askToDelete: setToDelete, confirmation };
}
