// The few staff words the dashboard's first load shows (its tabs and top bar); the rest are in
// staff.ts, loaded with the lazy staff views.
export const STAFF_TAB_LABELS = {
  staffTab: 'Staff',
  auditTab: 'Audit log',
  addPasskey: 'Add a passkey',
  keyOwner: 'owner (key)',
} as const;
