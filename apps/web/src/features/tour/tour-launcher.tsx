import { lazy, Suspense, useEffect, useState } from 'react';
import { useAppSelector } from '../../app/hooks.ts';
import { tourFlag } from '../../lib/storage.ts';
import { selectUser } from '../auth/auth-slice.ts';
import { jobsApi } from '../jobs/api/jobs-api.ts';
import type { AccountProgress } from './tour-steps.ts';

/** Spec §9: the tour is re-initialised 2 s after a user sync. */
export const TOUR_START_DELAY_MS = 2000;

const GuidedTour = lazy(() => import('./guided-tour.tsx').then((module) => ({ default: module.GuidedTour })));

/**
 * What the account has done, read when the tour is about to start. Whether the organisation has
 * any job decides the "Post your first job" stop; if that cannot be read, the stop stays (the
 * tour is a hint, and nothing breaks by showing it).
 */
async function readProgress(userId: string, signal: AbortSignal): Promise<AccountProgress> {
  try {
    const jobs = await jobsApi.getAllJobs(userId, { pageSize: 1 }, signal);
    return { hasJobs: jobs.total > 0 };
  } catch {
    return { hasJobs: false };
  }
}

/**
 * Starts the guided tour for someone who has not finished or skipped it, offering only the stops
 * for what the account has not done yet. A user sync replaces the user object, which re-arms the
 * 2-second timer; the tour code is only downloaded when it is actually shown.
 */
export function TourLauncher() {
  const user = useAppSelector(selectUser);
  const [generation, setGeneration] = useState(0);
  const [progress, setProgress] = useState<AccountProgress | null>(null);

  useEffect(() => {
    if (!user || tourFlag.isCompleted()) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      if (tourFlag.isCompleted()) return;
      const read = await readProgress(user._id, controller.signal);
      if (controller.signal.aborted || tourFlag.isCompleted()) return;
      setProgress(read);
      setGeneration((current) => current + 1);
    }, TOUR_START_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [user]);

  if (!progress) return null;
  return (
    <Suspense fallback={null}>
      <GuidedTour
        generation={generation}
        progress={progress}
        onFinish={() => {
          tourFlag.markCompleted();
          setProgress(null);
        }}
      />
    </Suspense>
  );
}
