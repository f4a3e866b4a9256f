/**
 * The staff accounts' API contract (server/staff/, issue 36): paths, roles and answer shapes, shared
 * by the dashboard and the functions. No runtime code of either side lives here.
 */
export const STAFF_API = {
  staff: '/api/admin/staff',
  /** POST {token} | {email} | {email, code} | {} | {ticket, response}: sign-in without a session. */
  invitation: '/api/admin/sign-in/invitation',
  code: '/api/admin/sign-in/code',
  codeSignIn: '/api/admin/sign-in/code-verify',
  passkeyOptions: '/api/admin/sign-in/passkey-options',
  passkeySignIn: '/api/admin/sign-in/passkey',
  /** POST {}: registration options; POST {ticket, response}: the new passkey (with a session). */
  passkeyRegisterOptions: '/api/admin/passkey/options',
  passkeyRegister: '/api/admin/passkey/register',
  keySignIn: '/api/admin/staff/key-sign-in',
  audit: '/api/admin/audit',
  auditCsv: '/api/admin/audit.csv',
} as const;

export const STAFF_ROLES = ['owner', 'editor', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** How long an invitation link and an e-mailed code stay good, and how many wrong codes lock one. */
export const INVITATION_DAYS = 7;
export const CODE_MINUTES = 10;
export const CODE_MAX_FAILURES = 5;
/** The sensitive acts ask for a sign-in no older than this (docs/threat-model.md). */
export const REAUTH_MINUTES = 10;
/** How long the audit log keeps an entry. */
export const AUDIT_DAYS = 400;

/** Who a session is, in GET /api/admin/session's answer (`role: "admin"` is the spec's own mark). */
export interface StaffIdentity {
  /** The account's address, or null for the key's session ("owner (key)"). */
  email: string | null;
  staffRole: StaffRole;
  /** Whether the session may do a sensitive act now without signing in again. */
  recent: boolean;
}

export interface StaffSessionRow {
  id: string;
  created_at: string;
  last_seen_at: string;
  method: string;
}

export interface StaffAccountRow {
  id: string;
  email: string;
  role: StaffRole;
  active: boolean;
  created_at: string;
  last_sign_in_at: string | null;
  passkeys: number;
  sessions: StaffSessionRow[];
}

export interface StaffList {
  accounts: StaffAccountRow[];
  /** Live sessions opened with ADMIN_KEY. */
  keySessions: StaffSessionRow[];
  keySignIn: boolean;
}

export const AUDIT_ACTIONS = [
  'sign-in',
  'sign-in-failed',
  'sign-out',
  'view-list',
  'export',
  'erase',
  'send',
  'pause',
  'resume',
  'cancel',
  'staff-invite',
  'staff-role',
  'staff-remove',
  'staff-sign-out',
  'passkey-added',
  'key-sign-in',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditRow {
  id: string;
  at: string;
  actor: string;
  action: AuditAction;
  detail: string;
  client_hash: string | null;
}

export interface AuditPage {
  rows: AuditRow[];
  nextCursor: string | null;
}
