// What a site e-mail says, once: render.ts turns it into the HTML part (layout.ts, React Email)
// and the plain-text part (plain-text.ts), so both parts always carry the same words and links.

export type MailBlock =
  | { type: 'paragraph'; text: string }
  /** A call to action: a button in HTML, the label and the URL on their own lines in text. */
  | { type: 'action'; label: string; url: string }
  /** Quoted reader text (e.g. a contact message), kept as typed, line breaks included. */
  | { type: 'quote'; text: string }
  /** A raster image (an article's social card) with its alt text; the text part leaves it out. */
  | { type: 'image'; src: string; alt: string; width: number; height: number };

export interface MailLink {
  label: string;
  url: string;
}

export interface MailContent {
  subject: string;
  /** The inbox preview line (hidden in the HTML body). */
  preview?: string;
  heading: string;
  blocks: MailBlock[];
  /** Footer links: a subscriber's "Unsubscribe" and "Preferences" (issue 22b / 23 fill this slot). */
  footerLinks?: MailLink[];
  /** Why the reader gets this mail, one sentence for the footer. */
  footerNote?: string;
}
