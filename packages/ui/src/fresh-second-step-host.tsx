import { type ComponentType, Suspense, useEffect, useState } from 'react';
import { setFreshSecondStepPrompt } from './fresh-second-step.ts';

/** The app's "Confirm it's you" dialog (it calls the app's own API). */
export type FreshSecondStepDialogComponent = ComponentType<{
  methods: readonly string[];
  onDone: (ok: boolean) => void;
}>;

/**
 * Answers the http client's request for a fresh second step (fresh-second-step.ts) with the app's
 * dialog asking for a code; one at a time, later requests wait for the same answer. `Dialog` is
 * best a lazy component, so it downloads the first time a change asks for it.
 */
export function FreshSecondStepHost({ Dialog }: { Dialog: FreshSecondStepDialogComponent }) {
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
      <Dialog methods={pending.methods} onDone={pending.resolve} />
    </Suspense>
  );
}
