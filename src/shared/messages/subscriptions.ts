/**
 * The strings of the subscription lifecycle (docs/subscriptions.md): the forms' one sentence about
 * the confirmation e-mail, the pages behind the e-mail links, the e-mails themselves and the
 * dashboard's status labels. All ours; the spec's toasts and labels stay in messages.ts.
 */

/** A sign-up type's name (messages.ts SIGNUP_TYPES; src/shared/ files import only their own folder). */
type SignupType = string;

/**
 * The version of the consent wording the forms show, recorded with every sign-up in the consent
 * history. Change it whenever CONFIRMATION_SENTENCE, the forms' labels or /privacy's sign-up
 * section change in substance.
 */
export const CONSENT_VERSION = '2026-11-27';

/** The one sentence the forms add after a sign-up that waits for confirmation. */
// True whether the e-mail has left or still waits in the outbox (no mail server configured yet): the
// answer only knows it was queued (docs/threat-model.md, third audit, item 9).
export const CONFIRMATION_SENTENCE = "We'll send you a confirmation e-mail: open the link in it to finish signing up.";

/**
 * What a reader sees first after signing up while double opt-in is on (../shared/DECISIONS.md, "The
 * spec's strings under double opt-in"): one step is left. The spec's success words follow it.
 */
export const NEXT_STEP = { title: 'One more step: confirm by e-mail', text: CONFIRMATION_SENTENCE } as const;

export const SIGNUP_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
export type SignupStatus = (typeof SIGNUP_STATUSES)[number];

export const STATUS_LABELS: Record<SignupStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  unsubscribed: 'Unsubscribed',
};

/** What each type brings, on the preferences page. */
export const TYPE_DESCRIPTIONS: Readonly<Record<string, string>> = {
  Updates: 'Updates: one e-mail each time we publish a new article or story.',
  Newsletter: 'Newsletter: one thoughtful e-mail a month.',
  Movement: 'Movement: news of the movement for honest, natural clothing.',
};

export const SUBSCRIPTION_PAGES = {
  confirmTitle: 'Confirm your sign-up',
  confirmIntro: (type: SignupType) =>
    `Press the button to confirm that you want ${type} e-mails from Rooted Threads at the address this link was sent to.`,
  confirmButton: 'Confirm my sign-up',
  confirmedTitle: 'You are signed up',
  confirmedText: (lists: string) => `Thank you for confirming: you are signed up for ${lists}.`,
  alreadyTitle: 'Already confirmed',
  alreadyText: 'This sign-up is already confirmed. There is nothing more to do.',
  expiredTitle: 'This link has expired',
  expiredText:
    'Confirmation links work for 7 days. Sign up again with the form on any page and we will send you a new one.',
  unknownTitle: 'This link does not work',
  unknownText:
    'The link is incomplete, was already used, or its sign-up was withdrawn. Sign up again with the form on any page if you want our e-mails.',
  preferencesTitle: 'Your e-mail preferences',
  /** Which address the page manages, masked (j•••@example.org): the reader knows it is theirs. */
  managing: (masked: string) => `These are the e-mails we send to ${masked}.`,
  manageAll: 'Manage all your e-mails',
  preferencesIntro: 'Choose what we send you: untick a list to stop it, tick one to start it again, then save.',
  pendingNote: 'waiting for your confirmation',
  save: 'Save my choices',
  savedTitle: 'Your choices are saved',
  savedText: 'We will send you only what is ticked below.',
  savedNoneText: 'We will send you nothing more.',
  resendNote: 'For a list you ticked again, we sent a confirmation e-mail to finish signing up.',
  cappedNote: 'We could not send a confirmation e-mail just now: too many went out recently. Please try again later.',
  noAddressNote:
    'We no longer hold your address, only a coded fingerprint of it that keeps you off our lists. To sign up again, use the form on any page.',
  eraseTitle: 'Erase everything',
  eraseIntro:
    'This deletes your sign-ups and any message you sent us. We keep only a coded fingerprint of your address, so it is never added again without your confirmation, and the dated record of your consent.',
  eraseConfirm: 'Yes, erase everything you hold about me',
  eraseButton: 'Erase my data',
  erasedTitle: 'Your data is erased',
  erasedText: 'We deleted your sign-ups and messages, and sent a confirmation to your address.',
  erasedNoMailText: 'We deleted everything we held under your address.',
  eraseUnchecked: 'Tick the box to confirm that you want everything erased.',
  // The e-mail's "Withdraw this sign-up" / "Unsubscribe" link opens this page: the list it was
  // about gets its own one-press button at the top, so leaving needs no unticking.
  leaveIntro: (type: SignupType, pending: boolean) =>
    pending
      ? `Your ${type} sign-up is waiting for your confirmation. To withdraw it, press the button.`
      : `You receive ${type} e-mails. To stop them, press the button.`,
  leaveButton: (type: SignupType, pending: boolean) =>
    pending ? `Withdraw my ${type} sign-up` : `Unsubscribe from ${type}`,
  unsubscribedTitle: 'You are unsubscribed',
  /** After leaving one list while still on others: never "You are unsubscribed". */
  leftTitle: (type: SignupType) => `You left ${type}`,
  stillOn: (lists: string) => `You still receive ${lists}. To stop those too, untick them below.`,
  unsubscribedText: (type: SignupType) => `You will get no more ${type} e-mails.`,
  withdrawnTitle: 'Your sign-up is withdrawn',
  withdrawnText: (type: SignupType) => `We will send you no ${type} e-mails.`,
  linkInvalidTitle: 'This link does not work',
  linkInvalidText:
    'The link is incomplete or older than 400 days. Every e-mail we send has a fresh one; or write to us from the contact page.',
  backHome: 'Back to Rooted Threads',
  failedTitle: 'Something went wrong',
  failedText: 'Please try again in a few minutes.',
  forbiddenText: 'This form can only be sent from our own site.',
} as const;

export const SUBSCRIPTION_MAILS = {
  confirmSubject: (type: SignupType) => `Confirm your ${type} sign-up at Rooted Threads`,
  confirmPreview: 'One click to confirm, or ignore this e-mail.',
  confirmHeading: 'Please confirm your sign-up',
  confirmAsked: (type: SignupType) =>
    `Someone, we hope you, asked to receive ${type} e-mails from Rooted Threads at this address. To confirm, open the link and press the button on the page. The link works for 7 days.`,
  confirmAction: 'Confirm my sign-up',
  confirmIgnore:
    'If it was not you, ignore this e-mail: without your confirmation we send nothing more, and the sign-up is deleted after 30 days.',
  confirmFooter: 'You get this e-mail because this address was entered in a sign-up form on our site.',
  unsubscribeLink: 'Withdraw this sign-up',
  preferencesLink: 'Manage your e-mails',
  erasedSubject: 'Your data at Rooted Threads is erased',
  erasedHeading: 'Your data is erased',
  erasedDone: (what: string) => `As asked, we erased ${what}.`,
  erasedKept:
    'We keep only a coded fingerprint of your address (not the address itself), so that it is never added to a list again without your confirmation, and the dated record of your consent.',
  erasedFooter: 'You get this one e-mail because our privacy policy promises to confirm every erasure.',
  erasedWhatEverything: 'your sign-ups and any messages you sent us',
  erasedWhatSignup: (type: string) => `your ${type} sign-up`,
} as const;

/** The dashboard's subscription labels. */
export const SUBSCRIPTION_ADMIN_LABELS = {
  status: 'Status',
  statusFilter: 'Status',
  allStatuses: 'All statuses',
  confirmedOf: (confirmed: string) => `${confirmed} confirmed`,
  /** Under the list cards: their numbers are people who receive the list now. */
  activeSubscribers: 'active subscribers (confirmed)',
  confirmationRate: 'Confirmation rate',
  confirmationRateText: (rate: string, confirmed: string, asked: string) =>
    `${rate} of the sign-ups that were asked to confirm did (${confirmed} of ${asked}).`,
  confirmationRateNone: 'No sign-up has been asked to confirm yet.',
  history: 'History',
  historyOf: (type: string, email: string) => `consent history of ${email} (${type})`,
  historyTitle: 'Consent history',
  historyLookup: 'Look up an address',
  historyEmpty: 'No consent record for this address.',
  historyExport: 'Export history (CSV)',
  historyClose: 'Close',
  removedAddress: 'address removed',
  event: 'Event',
  channel: 'How',
  version: 'Words agreed to',
  client: 'Client (hash)',
} as const;

/** The consent history's events and channels in an owner's words (the CSV keeps the codes). */
export const CONSENT_EVENT_WORDS: Readonly<Record<string, string>> = {
  subscribed: 'Signed up',
  confirmed: 'Confirmed',
  unsubscribed: 'Left the list',
  resubscribed: 'Signed up again',
  erased: 'Erased',
};

export const CONSENT_CHANNEL_WORDS: Readonly<Record<string, string>> = {
  form: 'Sign-up form',
  confirmation: 'Confirmation page',
  'one-click': 'One-click unsubscribe in the e-mail',
  preferences: 'Preferences page',
  dashboard: 'Your dashboard',
  purge: 'Removed unconfirmed after 30 days',
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A consent version ("2026-11-25", the date its words took effect) in words. */
export function consentWording(version: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(version);
  if (!match) return version;
  const [, year, month, day] = match;
  return `The sign-up form's words of ${Number(day)} ${MONTHS[Number(month) - 1] ?? month} ${year}`;
}
