import type { TSubscription, TSubscriptionData } from '@medhire/contract/subscription';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AppDispatch } from '../../app/store.ts';
import { subscriptionChanged } from '../auth/auth-slice.ts';

export interface SubscriptionState {
  /** The employer's subscription as the subscription calls last returned it; empty until loaded or when none. */
  userSubscription: TSubscription | Record<string, never>;
}

export const initialSubscriptionState: SubscriptionState = { userSubscription: {} };

export const subscriptionSlice = createSlice({
  name: 'subscription',
  initialState: initialSubscriptionState,
  reducers: {
    userSubscriptionLoaded(state, action: PayloadAction<TSubscription | null>) {
      state.userSubscription = action.payload ?? {};
    },
  },
});

export const { userSubscriptionLoaded } = subscriptionSlice.actions;
export const subscriptionReducer = subscriptionSlice.reducer;

export function selectUserSubscription(state: { subscription: SubscriptionState }): TSubscription | null {
  const stored = state.subscription.userSubscription;
  return '_id' in stored ? (stored as TSubscription) : null;
}

/**
 * Every subscription answer carries the subscription and the user's status and meta: the store
 * keeps both in step, so the stored user (post-login route, banner, invite counts) follows it.
 */
export function applySubscriptionData(dispatch: AppDispatch, data: TSubscriptionData): void {
  dispatch(userSubscriptionLoaded(data.subscription));
  dispatch(
    subscriptionChanged({
      subscriptionStatus: data.subscriptionStatus,
      subscriptionMeta: data.subscriptionMeta,
    }),
  );
}
