import type { TPhysicianProfile, TPhysicianSession } from '@medhire/contract/physicians';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionEnded } from './api.ts';

export interface SessionState {
  session: TPhysicianSession | null;
  /** Said once on the sign-in screen after the session ended on purpose (account deleted). */
  notice?: string | null;
}

const initialState: SessionState = { session: null };

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    signedIn(state, action: PayloadAction<TPhysicianSession>) {
      state.session = action.payload;
      state.notice = null;
    },
    /** The profile the server answered after a change: the one the app shows everywhere. */
    profileUpdated(state, action: PayloadAction<TPhysicianProfile>) {
      if (state.session) state.session.physician = action.payload;
    },
    signedOut(state, action: PayloadAction<string | undefined>) {
      state.session = null;
      state.notice = action.payload ?? null;
    },
    /** A message for the sign-in screen, e.g. after setting a new password there. */
    noticeRaised(state, action: PayloadAction<string>) {
      state.notice = action.payload;
    },
    noticeShown(state) {
      state.notice = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, (state) => {
      state.session = null;
    });
  },
});

export const { signedIn, profileUpdated, signedOut, noticeRaised, noticeShown } = sessionSlice.actions;

export const selectSession = (state: { session: SessionState }) => state.session.session;
export const selectPhysician = (state: { session: SessionState }) => state.session.session?.physician ?? null;
export const selectSessionNotice = (state: { session: SessionState }) => state.session.notice ?? null;
