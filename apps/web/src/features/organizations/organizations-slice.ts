import type { TOrganization } from '@medhire/contract/organization';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Spec §3: organizations defaults to null until the profile is loaded. */
export type OrganizationsState = TOrganization | null;

export const organizationsSlice = createSlice({
  name: 'organizations',
  initialState: null as OrganizationsState,
  reducers: {
    organizationLoaded: (_state, action: PayloadAction<TOrganization | null>) => action.payload,
  },
});

export const { organizationLoaded } = organizationsSlice.actions;
export const organizationsReducer = organizationsSlice.reducer;
