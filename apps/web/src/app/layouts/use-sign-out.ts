import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { SignOutState } from '../route-guards.tsx';
import { preloadLayout } from './lazy-layouts.ts';

/**
 * Signs out and returns to / (spec §2): the session ends once / is reached (GuestOnly), so
 * no signed-in page is left to redirect the person elsewhere in between. / is shown in the auth
 * layout, fetched first: the session then ends as / renders, not after a download.
 */
export function useSignOut() {
  const navigate = useNavigate();
  return useCallback(() => {
    const state: SignOutState = { signOut: true };
    void preloadLayout('auth').then(() => navigate('/', { replace: true, state }));
  }, [navigate]);
}
