import { lazy, Suspense, useEffect, useState } from 'react';
import { useAppSelector } from '../../app/hooks.ts';
import { tourFlag } from '../../lib/storage.ts';
import { selectUser } from '../auth/auth-slice.ts';

/** Spec §9: the tour is re-initialised 2 s after a user sync. */
export const TOUR_START_DELAY_MS = 2000;

const GuidedTour = lazy(() => import('./guided-tour.tsx').then((module) => ({ default: module.GuidedTour })));

/**
 * Starts the guided tour for someone who has not finished or skipped it. A user sync replaces
 * the user object, which re-arms the 2-second timer; the tour code is only downloaded when it
 * is actually shown.
 */
export function TourLauncher() {
  const user = useAppSelector(selectUser);
  const [generation, setGeneration] = useState(0);
  const [isRunning, setIsRunning] = useState(false);

  useEffect(() => {
    if (!user || tourFlag.isCompleted()) return;
    const timer = setTimeout(() => {
      if (tourFlag.isCompleted()) return;
      setIsRunning(true);
      setGeneration((current) => current + 1);
    }, TOUR_START_DELAY_MS);
    return () => clearTimeout(timer);
  }, [user]);

  if (!isRunning) return null;
  return (
    <Suspense fallback={null}>
      <GuidedTour
        generation={generation}
        onFinish={() => {
          tourFlag.markCompleted();
          setIsRunning(false);
        }}
      />
    </Suspense>
  );
}
