// The announcement e-mails' and the dashboard's Send view's strings (issue 23; docs/announcements.md).
import type { SignupType } from './forms.ts';

export const ANNOUNCEMENT_MAIL = {
  readArticle: 'Read the article',
  readStory: 'Read the story',
  visitSite: 'Visit the site',
  unsubscribe: 'Unsubscribe',
  preferences: 'Your e-mail preferences',
  /** Why the reader gets this e-mail (footer). */
  why: (types: readonly SignupType[]) =>
    `You get this e-mail because you subscribed to Rooted Threads ${types.join(' or ')} e-mails.`,
  testPrefix: '[Test] ',
} as const;

export const ANNOUNCEMENT_NOTICES = {
  unknownSource: { title: 'Unknown Article', text: 'That article or story is not on the site.' },
  notDraft: { title: 'Already Sent', text: 'This announcement has already been sent.' },
  noRecipients: { title: 'No Recipients', text: 'No confirmed subscriber of those types to send to.' },
  noOwner: { title: 'No Owner Address', text: 'Set OWNER_EMAIL to send a test to yourself.' },
  badState: { title: 'Not Possible Now', text: 'The announcement is not in a state that allows that.' },
  sentBefore: {
    title: 'Sent Before',
    text: 'This was sent to some of these lists before. Confirm to send it again.',
  },
  everyoneHasIt: {
    title: 'Everyone Has It',
    text: 'Every confirmed subscriber of those lists already got this one.',
  },
} as const;

/** An announcement's state (server/announcements/store.ts, AnnouncementStatus). */
type AnnouncementStatus = 'draft' | 'sending' | 'paused' | 'cancelled' | 'done';

/** "1 reader", "1,234 readers": `shown` is the count as the locale writes it. */
export function readers(n: number, shown: string): string {
  return `${shown} ${n === 1 ? 'reader' : 'readers'}`;
}

/** The lists as a phrase: "Updates", "Updates and Newsletter", "Updates, Newsletter and Movement". */
export function listNames(types: readonly SignupType[]): string {
  if (types.length < 2) return types.join('');
  return `${types.slice(0, -1).join(', ')} and ${types[types.length - 1]}`;
}

/** The dashboard's Send view (docs/announcements.md, "The Send view"). */
export const ANNOUNCEMENT_LABELS = {
  tab: 'Send',
  loading: 'Loading announcements…',
  failed: 'The announcements could not be loaded.',
  // compose
  composeTitle: 'Write an announcement',
  composeIntro: 'E-mail an article, a story or a short note to the readers who asked for it.',
  sourceLabel: 'Article or story',
  sourceNone: 'None: a note only',
  articles: 'Articles',
  stories: 'Stories',
  sourceHelp: 'The e-mail shows its title, picture and summary, and a button to read it on the site.',
  noteLabel: 'Note',
  noteOptional: '(optional)',
  noteHelpWithSource: 'A few words from you, shown above the summary.',
  noteHelpAlone: 'The whole e-mail. Leave an empty line between paragraphs.',
  subjectLabel: 'Subject',
  subjectHelp: 'Filled in from the title; change it if you like.',
  audienceLegend: 'Send to the confirmed subscribers of',
  audienceHelp: 'Someone on several of these lists gets it once. Pending and unsubscribed addresses never get it.',
  counting: 'Counting readers…',
  countFailed: 'The readers could not be counted.',
  /** The live count under the lists: "1,234 readers will get it." */
  willGet: (n: number, shown: string) => `${readers(n, shown)} will get it.`,
  reviewing: (subject: string) => `Reviewing the draft “${subject}”.`,
  startOver: 'Start over',
  // field errors
  missingSource: 'Choose an article or story, or write a note.',
  missingSubject: 'Write a subject.',
  subjectTooLong: 'Keep the subject under 200 characters, on one line.',
  noteTooLong: 'Keep the note under 2,000 characters.',
  missingAudience: 'Choose at least one list.',
  // preview
  previewTitle: 'Preview',
  previewWidth: 'Preview width',
  phone: 'Phone',
  desktop: 'Desktop',
  previewFrame: (width: string) => `The e-mail as HTML at ${width} width`,
  previewText: 'Plain-text version',
  previewSubject: 'Subject',
  previewEmpty: 'Choose an article or story, or write a note, to see the e-mail here.',
  previewLoading: 'Updating the preview…',
  previewFailed: 'The preview could not be made.',
  previewHint: 'Links open in a new tab. The unsubscribe links in a preview or a test are samples that do not work.',
  // actions
  sendTest: 'Send a test to me',
  sendingTest: 'Sending the test…',
  send: 'Send…',
  checking: 'Counting…',
  // the confirmation
  confirmTitle: (n: number, shown: string) => `Send to ${readers(n, shown)}?`,
  confirmText: (subject: string, lists: readonly SignupType[]) =>
    `“${subject}” goes to the confirmed subscribers of ${listNames(lists)}, starting now. You can pause it, or cancel what has not gone out yet.`,
  confirmSend: 'Send now',
  // the confirmation of a repeat: the same article to lists that had it
  repeatTitle: (n: number, shown: string) => `Send again to ${readers(n, shown)}?`,
  /** "Sent to Updates and Newsletter on 27 Nov 2026 (120 readers)." */
  sentBefore: (lists: readonly SignupType[], date: string, n: number, shown: string) =>
    `Sent to ${listNames(lists)} on ${date} (${readers(n, shown)}).`,
  repeatText: (subject: string, received: number, receivedShown: string) =>
    received > 0
      ? `“${subject}” goes only to readers who have not had it yet: the ${readers(received, receivedShown)} who got it are left out.`
      : `“${subject}” goes to every confirmed subscriber of these lists again.`,
  confirmRepeat: 'Send again',
  confirmBusy: 'Queuing…',
  // progress and history
  proposalsTitle: 'Proposed for new articles',
  proposalsIntro:
    'A build published these articles. Review each one and send it when you are ready: nothing goes out without your click.',
  proposed: 'Proposed',
  historyTitle: 'Announcements',
  historyEmpty: 'Nothing sent yet. What you send appears here, with its progress.',
  review: 'Review and send',
  reviewOf: (subject: string) => `Review and send “${subject}”`,
  from: 'From',
  aNote: 'A note',
  to: 'To',
  created: 'Written',
  sentAt: 'Sent',
  finishedAt: 'Finished',
  by: (who: string) => `by ${who}`,
  byOwner: 'you',
  byBuild: 'the build',
  recipients: 'Recipients',
  waiting: 'Waiting',
  delivered: 'Sent',
  failedCount: 'Failed',
  skipped: 'Skipped',
  skippedHint: 'left the list or bounced before their turn',
  withdrawn: 'Cancelled',
  progressOf: (subject: string) => `Progress of “${subject}”`,
  /** The line read out as an announcement goes: "40 of 100 sent · 1 failed · 59 waiting". */
  progress: (p: { recipients: string; sent: string; failed: string; waiting: string }) =>
    `${p.sent} of ${p.recipients} sent · ${p.failed} failed · ${p.waiting} waiting`,
  pause: 'Pause',
  pausing: 'Pausing…',
  resume: 'Resume',
  resuming: 'Resuming…',
  cancel: 'Cancel sending',
  cancelTitle: 'Cancel this announcement?',
  cancelText: (waiting: string) =>
    `The ${waiting} e-mails not sent yet are withdrawn. What has gone out stays sent. This cannot be undone.`,
  cancelBusy: 'Cancelling…',
  keepSending: 'Keep sending',
  rate: (perSecond: string) => `Mail goes out at up to ${perSecond} e-mails a second.`,
} as const;

export const ANNOUNCEMENT_STATUS_LABELS: Record<AnnouncementStatus, string> = {
  draft: 'Draft',
  sending: 'Sending',
  paused: 'Paused',
  cancelled: 'Cancelled',
  done: 'Sent',
};

/** The Send view's toasts. */
export const ANNOUNCEMENT_TOASTS = {
  queued: (n: number, shown: string) => ({
    title: 'Sending',
    text: `Queued for ${readers(n, shown)}. Follow its progress below.`,
  }),
  alreadySent: { title: 'Already Sent', text: 'This announcement was sent before; nothing more was queued.' },
  testQueued: (to: string) => ({ title: 'Test Queued', text: `The test goes to ${to} within a minute.` }),
  paused: { title: 'Paused', text: 'Nothing more goes out until you resume it.' },
  resumed: { title: 'Resumed', text: 'The rest is going out now.' },
  cancelled: { title: 'Cancelled', text: 'What had not gone out was withdrawn.' },
  unreachable: { title: 'Error', text: 'Could not reach the server. Please try again.' },
  failed: { title: 'Error', text: 'Something went wrong. Please try again.' },
  invalid: { title: 'Check the Announcement', text: 'Some fields need your attention.' },
} as const;
