import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** `toggle` is the main layout's sidebar: true = expanded (spec §3 default). */
export interface LayoutState {
  toggle: boolean;
}

export const initialLayoutState: LayoutState = { toggle: true };

export const layoutSlice = createSlice({
  name: 'layout',
  initialState: initialLayoutState,
  reducers: {
    sidebarToggled(state) {
      state.toggle = !state.toggle;
    },
    sidebarSet(state, action: PayloadAction<boolean>) {
      state.toggle = action.payload;
    },
  },
});

export const { sidebarToggled, sidebarSet } = layoutSlice.actions;
export const layoutReducer = layoutSlice.reducer;
