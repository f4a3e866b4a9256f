// Strings of the staff accounts (issue 36): sign-in by passkey or e-mailed code, invitations,
// roles, re-authentication and the audit log.
import type { Notice } from './notice.ts';

export const STAFF_NOTICES = {
  roleForbidden: { title: 'Not Allowed', text: 'Your role does not allow this.' },
  reauthRequired: { title: 'Sign In Again', text: 'Please confirm it is you before doing this.' },
  codeSent: {
    title: 'Check Your E-mail',
    text: 'If this address belongs to a staff account, a sign-in code is on its way.',
  },
  codeWrong: { title: 'Wrong Code', text: 'That code is not right. Check the e-mail and try again.' },
  codeUnknown: { title: 'No Code', text: 'There is no sign-in code for this address. Ask for a new one.' },
  codeExpired: { title: 'Code Expired', text: 'This code is no longer valid. Ask for a new one.' },
  throttled: { title: 'Too Many Attempts', text: 'Too many sign-in attempts. Please wait a while and try again.' },
  passkeyFailed: { title: 'Passkey Not Accepted', text: 'That passkey could not sign you in.' },
  passkeyAdded: { title: 'Passkey Saved', text: 'You can now sign in with this passkey.' },
  invitationUnknown: { title: 'Invitation Not Found', text: 'This invitation link is not valid.' },
  invitationExpired: {
    title: 'Invitation Expired',
    text: 'This invitation has expired or was used already. Ask the owner for a new one.',
  },
  invitationAccepted: { title: 'Welcome', text: 'Your staff account is ready.' },
  invited: { title: 'Invitation Sent', text: 'The invitation is on its way.' },
  exists: { title: 'Already a Colleague', text: 'This address already has a staff account.' },
  lastOwner: { title: 'Last Owner', text: 'There must be at least one active owner account.' },
  keySignInOff: {
    title: 'Key Sign-in Is Off',
    text: 'The admin key no longer signs in here. Sign in with your staff account.',
  },
  keySignInNeedsOwner: {
    title: 'No Owner Account',
    text: 'Key sign-in can be switched off only once an owner account is active.',
  },
} as const satisfies Record<string, Notice>;

export const STAFF_LABELS = {
  staffSignIn: 'Staff sign-in',
  email: 'Your e-mail address',
  passkeyButton: 'Sign in with a passkey',
  sendCode: 'E-mail me a code',
  code: 'Sign-in code',
  codeSubmit: 'Sign in with the code',
  staffTab: 'Staff',
  auditTab: 'Audit log',
  inviteTitle: 'Invite a colleague',
  inviteEmail: 'E-mail address',
  inviteRole: 'Role',
  inviteSubmit: 'Send invitation',
  addPasskey: 'Add a passkey',
  signOutEverywhere: 'Sign out everywhere',
  remove: 'Remove',
  changeRole: 'Change role',
  keySignInIsOn: 'Key sign-in: on',
  keySignInIsOff: 'Key sign-in: off',
  ownerRole: 'owner',
  keySignInOff: 'Switch off key sign-in',
  keySignInOn: 'Switch on key sign-in',
  keyOwner: 'owner (key)',
  reauthTitle: 'Confirm it is you',
  auditFilter: 'Action',
  auditActor: 'Who',
  auditExport: 'Export CSV',
  auditEmpty: 'No entries.',
  columns: { email: 'E-mail', role: 'Role', lastSignIn: 'Last sign-in', sessions: 'Sessions', actions: 'Actions' },
  auditColumns: { at: 'When', actor: 'Who', action: 'What', detail: 'Detail', client: 'Client' },
  pending: 'invited',
  never: 'never',
  signedInAs: 'Signed in as',
} as const;

export const STAFF_MAIL = {
  inviteSubject: 'Your invitation to the Rooted Threads dashboard',
  inviteHeading: 'You are invited',
  inviteText: (role: string, days: number) =>
    `You have been invited to the Rooted Threads dashboard as ${role}. The link works once, within ${days} days.`,
  inviteAction: 'Accept the invitation',
  inviteFooter: 'You get this e-mail because the site owner invited this address. Ignore it if unexpected.',
  codeSubject: 'Your Rooted Threads sign-in code',
  codeHeading: 'Your sign-in code',
  codeText: (code: string, minutes: number) => `Your code is ${code}. It works once, within ${minutes} minutes.`,
  codeFooter: 'You get this e-mail because someone asked to sign in as you. Ignore it if it was not you.',
} as const;
