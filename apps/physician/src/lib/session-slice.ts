import type { TPhysicianProfile, TPhysicianSession } from '@medhire/contract/physicians';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionEnded } from './api.ts';

export interface SessionState {
  session: TPhysicianSession | null;
}

const initialState: SessionState = { session: null };

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    signedIn(state, action: PayloadAction<TPhysicianSession>) {
      state.session = action.payload;
    },
    /** The profile the server answered after a change: the one the app shows everywhere. */
    profileUpdated(state, action: PayloadAction<TPhysicianProfile>) {
      if (state.session) state.session.physician = action.payload;
    },
    signedOut(state) {
      state.session = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, (state) => {
      state.session = null;
    });
  },
});

export const { signedIn, profileUpdated, signedOut } = sessionSlice.actions;

export const selectSession = (state: { session: SessionState }) => state.session.session;
export const selectPhysician = (state: { session: SessionState }) => state.session.session?.physician ?? null;
