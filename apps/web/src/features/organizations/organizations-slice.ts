import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The employer's organisation profile (spec §3, organisation update payload). */
export interface OrganizationRecord {
  _id: string;
  organizationName?: string;
  [field: string]: unknown;
}

/** Spec §3: organizations defaults to null until the profile is loaded. */
export type OrganizationsState = OrganizationRecord | null;

export const organizationsSlice = createSlice({
  name: 'organizations',
  initialState: null as OrganizationsState,
  reducers: {
    organizationLoaded: (_state, action: PayloadAction<OrganizationRecord | null>) => action.payload,
  },
});

export const { organizationLoaded } = organizationsSlice.actions;
export const organizationsReducer = organizationsSlice.reducer;
