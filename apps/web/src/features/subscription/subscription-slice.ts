import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface SubscriptionState {
  /** The employer's current plan as the subscription calls return it; empty until loaded. */
  userSubscription: Record<string, unknown>;
}

export const initialSubscriptionState: SubscriptionState = { userSubscription: {} };

export const subscriptionSlice = createSlice({
  name: 'subscription',
  initialState: initialSubscriptionState,
  reducers: {
    userSubscriptionLoaded(state, action: PayloadAction<Record<string, unknown>>) {
      state.userSubscription = action.payload;
    },
  },
});

export const { userSubscriptionLoaded } = subscriptionSlice.actions;
export const subscriptionReducer = subscriptionSlice.reducer;
