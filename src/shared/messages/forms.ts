/**
 * Every user-facing string of the sign-up and contact forms, defined once. The islands, the
 * functions and the tests import these; the product spec's strings are copied
 * exactly, apostrophes included. Strings the spec does not give are marked "ours".
 */

import type { Notice } from './notice.ts';

export const SIGNUP_TYPES = ['Updates', 'Newsletter', 'Movement'] as const;
export type SignupType = (typeof SIGNUP_TYPES)[number];

export type Placement = 'home' | 'footer' | 'mid' | 'end';

export interface PlacementText {
  signupType: SignupType;
  /** Button label while idle; home, footer are ours (the spec gives only mid and end). */
  button: string;
  /** Button label while the request is in flight. */
  submitting: string;
  success: Notice;
  /**
   * How a failure other than a duplicate reads: home and footer always show the fixed
   * text; article pages show the error's own message (the server's answer text) or a fallback.
   */
  failure: 'fixed' | 'own-message';
}

export const PLACEMENTS: Record<Placement, PlacementText> = {
  home: {
    signupType: 'Updates',
    button: 'Sign Up',
    submitting: 'Signing Up...',
    success: { title: "You're in!", text: "We'll keep you updated on the movement. Thank you for joining!" },
    failure: 'fixed',
  },
  footer: {
    signupType: 'Newsletter',
    button: 'Subscribe',
    submitting: 'Subscribing...',
    success: { title: 'Welcome aboard!', text: "You've been added to our newsletter. Thank you for joining!" },
    failure: 'fixed',
  },
  mid: {
    signupType: 'Updates',
    button: 'Send Me Updates',
    submitting: 'Signing Up...',
    success: { title: "You're in!", text: "We'll send you fresh insights from the product." },
    failure: 'own-message',
  },
  end: {
    signupType: 'Movement',
    button: 'Join the Movement',
    submitting: 'Joining...',
    success: { title: 'Welcome to the movement!', text: 'Thank you for joining us in changing how clothing is made.' },
    failure: 'own-message',
  },
};

export const CONTACT = {
  button: 'Send Message', // ours
  submitting: 'Sending...',
  success: { title: 'Message Sent!', text: "Thank you for reaching out. We'll get back to you soon." },
  failure: { title: 'Error', text: 'Failed to submit contact form. Please try again.' },
} as const;

/** Field labels (ours: the spec names the fields but not their labels). */
export const LABELS = {
  email: 'Email address',
  emailPlaceholder: 'you@example.com',
  name: 'Name',
  subject: 'Subject',
  message: 'Message',
  required: 'required',
  optional: 'optional',
  honeypot: 'Leave this field empty',
} as const;

/** The duplicate sign-up (code 23505; the title is ours: docs/decisions.md, "Spec texts kept verbatim"). */
export const DUPLICATE_SIGNUP: Notice = {
  title: 'Already Signed Up',
  text: "You're already signed up for this type of updates!",
};

/** Any other sign-up failure. */
export const SIGNUP_FAILURE: Notice = { title: 'Signup Error', text: 'Failed to sign up. Please try again.' };
/** Article pages show the error's own message, or this when there is none. */
export const SIGNUP_FAILURE_FALLBACK = 'Failed to sign up.';

/** The heading and line above the article sign-up forms (ours); home and footer sit under their section's heading. */
export const SIGNUP_BLOCKS: Partial<Record<Placement, Notice>> = {
  mid: {
    title: 'Enjoying this article?',
    text: 'Join our Updates list: one e-mail each time we publish a new guide or research on natural fibers. No spam; unsubscribe any time.',
  },
  end: {
    title: 'Change how clothing is made',
    text: 'Join our Movement list: news of the movement for honest, natural clothing and how to take part. We write when there is news worth sharing, never more.',
  },
};
