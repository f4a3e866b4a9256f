// The staff accounts' calls (src/shared/staff-api.ts), for the lazily loaded staff chunks only: the
// gate's staff sign-in, the re-authentication dialog, and the owner's Staff and Audit views. The
// passkey ceremonies use @simplewebauthn/browser, itself loaded only when a passkey is used.
import type { SessionInfo } from '../../shared/admin-api.ts';
import { STAFF_API, type AuditPage, type StaffList, type StaffRole } from '../../shared/staff-api.ts';
import { apiFetch } from './api.ts';

const post = (path: string, body: unknown = {}) =>
  apiFetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

export async function acceptInvitation(token: string): Promise<SessionInfo> {
  return (await (await post(STAFF_API.invitation, { token })).json()) as SessionInfo;
}

export async function askForCode(email: string): Promise<void> {
  await post(STAFF_API.code, { email });
}

export async function signInWithCode(email: string, code: string): Promise<SessionInfo> {
  return (await (await post(STAFF_API.codeSignIn, { email, code })).json()) as SessionInfo;
}

/** Whether this browser offers passkeys in the address field's autofill (conditional UI). */
export async function autofillAvailable(): Promise<boolean> {
  const api = await import('@simplewebauthn/browser');
  return api.browserSupportsWebAuthnAutofill();
}

/**
 * Signs in with a passkey: from the button (`autofill` false) or, waiting in the background, from
 * the browser's autofill of the address field (conditional UI). A new ceremony aborts a waiting one.
 */
export async function signInWithPasskey(autofill: boolean): Promise<SessionInfo> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const { options, ticket } = (await (await post(STAFF_API.passkeyOptions)).json()) as {
    options: Parameters<typeof startAuthentication>[0]['optionsJSON'];
    ticket: string;
  };
  const response = await startAuthentication({ optionsJSON: options, useBrowserAutofill: autofill });
  return (await (await post(STAFF_API.passkeySignIn, { ticket, response })).json()) as SessionInfo;
}

export async function addPasskey(): Promise<void> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const { options, ticket } = (await (await post(STAFF_API.passkeyRegisterOptions)).json()) as {
    options: Parameters<typeof startRegistration>[0]['optionsJSON'];
    ticket: string;
  };
  const response = await startRegistration({ optionsJSON: options });
  await post(STAFF_API.passkeyRegister, { ticket, response });
}

export async function fetchStaff(): Promise<StaffList> {
  return (await (await apiFetch(STAFF_API.staff)).json()) as StaffList;
}

export async function inviteColleague(email: string, role: StaffRole): Promise<void> {
  await post(STAFF_API.staff, { email, role });
}

export async function changeRole(id: string, role: StaffRole): Promise<void> {
  await post(`${STAFF_API.staff}/${id}/role`, { role });
}

/** `id` 'key': every session the key opened. */
export async function signOutEverywhere(id: string): Promise<void> {
  await post(`${STAFF_API.staff}/${id}/sign-out`);
}

export async function removeColleague(id: string): Promise<void> {
  await apiFetch(`${STAFF_API.staff}/${id}`, { method: 'DELETE' });
}

export async function setKeySignIn(enabled: boolean): Promise<void> {
  await post(STAFF_API.keySignIn, { enabled });
}

export function auditQuery(filter: { action: string; actor: string }, before?: string): string {
  const params = new URLSearchParams();
  if (filter.action) params.set('action', filter.action);
  if (filter.actor.trim()) params.set('actor', filter.actor.trim());
  if (before) params.set('before', before);
  const query = params.toString();
  return query ? `?${query}` : '';
}

export async function fetchAudit(filter: { action: string; actor: string }, before?: string): Promise<AuditPage> {
  return (await (await apiFetch(STAFF_API.audit + auditQuery(filter, before))).json()) as AuditPage;
}

export async function fetchAuditCsv(filter: { action: string; actor: string }): Promise<Blob> {
  return (await apiFetch(STAFF_API.auditCsv + auditQuery(filter), { headers: { Accept: 'text/csv' } })).blob();
}
