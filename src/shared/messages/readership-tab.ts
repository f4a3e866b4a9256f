// The Readership words the dashboard's first load shows (its tab, and the line while the view's
// code loads); the rest are in readership.ts, loaded with the lazy Readership view.
export const READERSHIP_TAB_LABELS = {
  tab: 'Readership',
  loading: 'Loading the readership…',
} as const;
