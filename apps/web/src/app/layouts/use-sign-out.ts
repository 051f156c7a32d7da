import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { SignOutState } from '../route-guards.tsx';

/**
 * Signs out and returns to / (spec §2): the session ends once / is reached (GuestOnly), so
 * no signed-in page is left to redirect the person elsewhere in between.
 */
export function useSignOut() {
  const navigate = useNavigate();
  return useCallback(() => {
    const state: SignOutState = { signOut: true };
    void navigate('/', { replace: true, state });
  }, [navigate]);
}
