import type { TSubscription, TSubscriptionData } from '@medhire/contract/subscription';
import type { AppThunk } from '../../app/store.ts';
import { userUpdated } from '../auth/auth-slice.ts';
import { type SubscriptionState, userSubscriptionLoaded } from './subscription-slice.ts';

/* Apart from the slice, so the store (in the first download) carries only the reducer. */

export function selectUserSubscription(state: { subscription: SubscriptionState }): TSubscription | null {
  const stored = state.subscription.userSubscription;
  return '_id' in stored ? (stored as TSubscription) : null;
}

/**
 * Every subscription answer carries the subscription and the user's status and meta: the store
 * keeps both in step, so the stored user (post-login route, banner, invite counts) follows it.
 */
export function subscriptionDataReceived(data: TSubscriptionData): AppThunk {
  return (dispatch, getState) => {
    dispatch(userSubscriptionLoaded(data.subscription));
    const user = getState().auth.user;
    if (user) {
      dispatch(
        userUpdated({
          ...user,
          subscriptionStatus: data.subscriptionStatus,
          subscriptionMeta: data.subscriptionMeta,
        }),
      );
    }
  };
}
