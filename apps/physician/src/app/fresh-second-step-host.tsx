import { lazy, Suspense, useEffect, useState } from 'react';
import { setFreshSecondStepPrompt } from '../lib/fresh-second-step.ts';

// The dialog downloads the first time a change asks for it, not with every page.
const FreshSecondStepDialog = lazy(() =>
  import('./fresh-second-step-dialog.tsx').then((module) => ({ default: module.FreshSecondStepDialog })),
);

/**
 * Answers the http client's request for a fresh second step (lib/fresh-second-step.ts) with a
 * dialog asking for a code; one at a time, later requests wait for the same answer.
 */
export function FreshSecondStepHost() {
  const [pending, setPending] = useState<{
    promise: Promise<boolean>;
    resolve: (ok: boolean) => void;
    methods: readonly string[];
  } | null>(null);

  useEffect(() => {
    let current: { promise: Promise<boolean>; resolve: (ok: boolean) => void } | null = null;
    setFreshSecondStepPrompt((methods) => {
      if (current) return current.promise;
      let resolve: (ok: boolean) => void = () => undefined;
      const promise = new Promise<boolean>((settle) => {
        resolve = settle;
      });
      const asked = { promise, resolve, methods };
      current = asked;
      void promise.finally(() => {
        current = null;
        setPending(null);
      });
      setPending(asked);
      return promise;
    });
    return () => setFreshSecondStepPrompt(null);
  }, []);

  if (!pending) return null;
  return (
    <Suspense fallback={null}>
      <FreshSecondStepDialog methods={pending.methods} onDone={pending.resolve} />
    </Suspense>
  );
}
