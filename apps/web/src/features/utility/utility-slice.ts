import type { TEnums } from '@medhire/contract/enums';
import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { errorMessage } from '../../lib/http.ts';
import { enumsApi } from './api/enums-api.ts';

/** Reference data every form draws its choices from (spec §3, "utility metaData"). */
export interface UtilityState {
  metaData: TEnums | null;
  isLoadingMetaData: boolean;
  metaDataError: string | null;
}

export const initialUtilityState: UtilityState = {
  metaData: null,
  isLoadingMetaData: false,
  metaDataError: null,
};

interface EnumsRootState {
  auth: { session: unknown };
  utility: UtilityState;
}

/** Spec §5: enums are fetched only when someone is signed in and none are loaded (or loading). */
export function shouldFetchEnums(state: EnumsRootState): boolean {
  return state.auth.session !== null && state.utility.metaData === null && !state.utility.isLoadingMetaData;
}

export const fetchEnums = createAsyncThunk<TEnums, void, { rejectValue: string }>(
  'utility/fetchEnums',
  async (_, { rejectWithValue }) => {
    try {
      return await enumsApi.getAllEnums();
    } catch (error) {
      return rejectWithValue(errorMessage(error));
    }
  },
  { condition: (_, { getState }) => shouldFetchEnums(getState() as EnumsRootState) },
);

export const utilitySlice = createSlice({
  name: 'utility',
  initialState: initialUtilityState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchEnums.pending, (state) => {
        state.isLoadingMetaData = true;
        state.metaDataError = null;
      })
      .addCase(fetchEnums.fulfilled, (state, action) => {
        state.isLoadingMetaData = false;
        state.metaData = action.payload;
      })
      .addCase(fetchEnums.rejected, (state, action) => {
        state.isLoadingMetaData = false;
        state.metaDataError = action.payload ?? null;
      });
  },
});

export const utilityReducer = utilitySlice.reducer;
