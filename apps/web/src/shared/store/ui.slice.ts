import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';

/** Which Create drawer is open (spec "Screens and routes": Cluster, App or Domain), if any. */
export const createDrawerKinds = ['cluster', 'app', 'domain'] as const;
export type CreateDrawerKind = (typeof createDrawerKinds)[number];

/** The point the world map zooms onto (/datacenters/{id}), null for the whole world. */
export interface MapFocusState {
  longitude: number;
  latitude: number;
}

export interface UiState {
  siderCollapsed: boolean;
  createDrawer: CreateDrawerKind | null;
  mapFocus: MapFocusState | null;
}

export const initialUiState: UiState = {
  siderCollapsed: false,
  createDrawer: null,
  mapFocus: null,
};

const uiSlice = createSlice({
  name: 'ui',
  initialState: initialUiState,
  reducers: {
    siderCollapsedChanged(state, action: PayloadAction<boolean>) {
      state.siderCollapsed = action.payload;
    },
    createDrawerOpened(state, action: PayloadAction<CreateDrawerKind>) {
      state.createDrawer = action.payload;
    },
    createDrawerClosed(state) {
      state.createDrawer = null;
    },
    mapFocused(state, action: PayloadAction<MapFocusState | null>) {
      state.mapFocus = action.payload;
    },
  },
});

export const { siderCollapsedChanged, createDrawerOpened, createDrawerClosed, mapFocused } =
  uiSlice.actions;
export const uiReducer = uiSlice.reducer;

export const selectSiderCollapsed = (state: { ui: UiState }) => state.ui.siderCollapsed;
export const selectCreateDrawer = (state: { ui: UiState }) => state.ui.createDrawer;
export const selectMapFocus = (state: { ui: UiState }) => state.ui.mapFocus;
