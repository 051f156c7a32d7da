import type { TSubscription } from '@medhire/contract/subscription';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

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
