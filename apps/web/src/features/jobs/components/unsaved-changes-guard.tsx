import { Button } from '@medhire/ui/button.tsx';
import { Modal } from '@medhire/ui/modal.tsx';
import { type ReactNode, useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

/**
 * Keeps unsaved answers from being lost silently: leaving through the app asks first, and
 * closing or reloading the tab triggers the browser's own "leave site?" prompt. `release()`
 * lets the next navigation through at once, for the redirect that follows a successful save.
 */
export function useUnsavedChangesGuard(isDirty: boolean): { release: () => void; prompt: ReactNode } {
  const isReleased = useRef(false);
  const shouldBlock = isDirty && !isReleased.current;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isDirty && !isReleased.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!shouldBlock) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (isReleased.current) return;
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [shouldBlock]);

  const release = useCallback(() => {
    isReleased.current = true;
  }, []);

  const prompt = (
    <Modal
      isOpen={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title="Leave without saving?"
      description="Your changes to this job have not been saved. If you leave now, they are lost."
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={() => blocker.reset?.()}>
            Keep editing
          </Button>
          <Button variant="danger" onClick={() => blocker.proceed?.()}>
            Discard changes
          </Button>
        </>
      }
    />
  );
  return { release, prompt };
}
