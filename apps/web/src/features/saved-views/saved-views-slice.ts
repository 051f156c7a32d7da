import type { TSavedView } from '@medhire/contract/saved-views';
import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { errorMessage } from '../../lib/http.ts';
import { savedViewsApi } from './api/saved-views-api.ts';

/** The member's saved views as the navigation shows them, with the counts the server answered. */
export interface SavedViewsState {
  views: TSavedView[];
  status: 'idle' | 'loading' | 'ready' | 'failed';
  error: string | null;
}

export const initialSavedViewsState: SavedViewsState = { views: [], status: 'idle', error: null };

/** Loads the views again: their counts follow the list, so after a save or a pipeline move too. */
export const fetchSavedViews = createAsyncThunk<TSavedView[], void, { rejectValue: string }>(
  'savedViews/fetch',
  async (_, { rejectWithValue }) => {
    try {
      return (await savedViewsApi.getAllViews()).views;
    } catch (error) {
      return rejectWithValue(errorMessage(error));
    }
  },
);

/** Shared views first, then personal ones, each by name (the server's order). */
function ordered(views: TSavedView[]): TSavedView[] {
  return [...views].sort(
    (left, right) =>
      Number(left.scope === 'personal') - Number(right.scope === 'personal') ||
      left.name.localeCompare(right.name, undefined, { sensitivity: 'base' }),
  );
}

export const savedViewsSlice = createSlice({
  name: 'savedViews',
  initialState: initialSavedViewsState,
  reducers: {
    /** A view was created or changed: it takes its place in the list. */
    savedViewStored(state, action: PayloadAction<TSavedView>) {
      state.views = ordered([
        ...state.views.filter((view) => view._id !== action.payload._id),
        action.payload,
      ]);
    },
    savedViewRemoved(state, action: PayloadAction<string>) {
      state.views = state.views.filter((view) => view._id !== action.payload);
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchSavedViews.pending, (state) => {
        state.status = state.status === 'ready' ? 'ready' : 'loading';
        state.error = null;
      })
      .addCase(fetchSavedViews.fulfilled, (state, action) => {
        state.views = action.payload;
        state.status = 'ready';
      })
      .addCase(fetchSavedViews.rejected, (state, action) => {
        state.status = 'failed';
        state.error = action.payload ?? 'We couldn’t load your saved views.';
      });
  },
});

export const { savedViewStored, savedViewRemoved } = savedViewsSlice.actions;
export const savedViewsReducer = savedViewsSlice.reducer;
