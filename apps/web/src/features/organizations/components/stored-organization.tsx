import type { TOrganization } from '@medhire/contract/organization';
import { Alert } from '@medhire/ui/alert.tsx';
import { Button } from '@medhire/ui/button.tsx';
import { Spinner } from '@medhire/ui/spinner.tsx';
import type { AppDispatch } from '../../../app/store.ts';
import { HttpError } from '../../../lib/http.ts';
import { organizationApi } from '../api/organization-api.ts';
import { organizationLoaded } from '../organizations-slice.ts';

/**
 * The organisation stored for the account, put in the store as it arrives; null when there is
 * none yet (a new account answers 404, which is no failure).
 */
export async function fetchStoredOrganization(
  dispatch: AppDispatch,
  userId: string,
  signal: AbortSignal,
): Promise<TOrganization | null> {
  try {
    const { organization } = await organizationApi.getOrganization(userId, signal);
    dispatch(organizationLoaded(organization));
    return organization;
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
}

/** What the profile screens show while the stored organisation loads, or when it could not. */
export function OrganizationLoadStatus({
  state,
  noun,
  onRetry,
}: {
  state: { status: 'loading' } | { status: 'failed'; message: string };
  /** e.g. "your profile": "Loading your profile", "We couldn't load your profile". */
  noun: string;
  onRetry: () => void;
}) {
  if (state.status === 'loading') {
    return (
      <div className="profile-screen__loading">
        <Spinner size="lg" label={`Loading ${noun}`} />
      </div>
    );
  }
  return (
    <Alert variant="danger" title={`We couldn't load ${noun}`}>
      <p>{state.message}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
