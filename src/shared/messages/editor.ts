/** What a preview build says on a page that readers of the public site cannot see yet. */
export const PREVIEW_NOTICES = {
  draftTitle: 'Draft',
  draftText: 'This article is a draft: it is in previews only and not on the public site.',
  scheduledTitle: 'Scheduled',
  /** `when` is the formatted moment, e.g. "March 2, 2026, 9:00 AM (America/New_York)". */
  scheduledText: (when: string) => `This article goes live on ${when}. Until then it is in previews only.`,
} as const;
