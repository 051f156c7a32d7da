import { useEffect, useRef } from 'react';

/**
 * Moves focus to a step's heading when the step appears, so keyboard and screen-reader users
 * land at the start of the new content instead of on a button that no longer exists.
 */
export function useStepFocus<Element extends HTMLElement>() {
  const ref = useRef<Element>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}
