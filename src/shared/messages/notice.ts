/** A toast's or a page notice's two lines: every user-facing answer of the forms and the API. */
export interface Notice {
  title: string;
  text: string;
}

/** The close button of every toast (ours). */
export const NOTICE_TEXT = {
  dismiss: 'Dismiss notification',
} as const;
