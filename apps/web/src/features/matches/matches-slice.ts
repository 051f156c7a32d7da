import type { TMatchStatus } from '@medhire/contract/matches';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** A match between a job and an applicant; fields beyond _id and status are not relied on. */
export interface MatchRecord {
  _id: string;
  status: TMatchStatus;
  [field: string]: unknown;
}

export interface MatchesState {
  matchesByJob: { matches: MatchRecord[] };
  allMatches: MatchRecord[];
}

export const initialMatchesState: MatchesState = { matchesByJob: { matches: [] }, allMatches: [] };

export const matchesSlice = createSlice({
  name: 'matches',
  initialState: initialMatchesState,
  reducers: {
    matchesByJobLoaded(state, action: PayloadAction<MatchRecord[]>) {
      state.matchesByJob.matches = action.payload;
    },
    allMatchesLoaded(state, action: PayloadAction<MatchRecord[]>) {
      state.allMatches = action.payload;
    },
    /** A status change answered by the server replaces the match with the same _id. */
    matchUpdated(state, action: PayloadAction<MatchRecord>) {
      const match = action.payload;
      const replace = (list: MatchRecord[]) =>
        list.map((existing) => (existing._id === match._id ? match : existing));
      state.matchesByJob.matches = replace(state.matchesByJob.matches);
      state.allMatches = replace(state.allMatches);
    },
  },
});

export const { matchesByJobLoaded, allMatchesLoaded, matchUpdated } = matchesSlice.actions;
export const matchesReducer = matchesSlice.reducer;
