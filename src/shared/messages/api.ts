/**
 * Answers of our API that are not a form's own success or failure: validation problems and request
 * problems (all ours except where the spec gives the text).
 */

import type { Notice } from './notice.ts';

/** Why a submission was refused: validation and the request problems of our API. */
export const PROBLEMS = {
  emailRequired: { title: 'Email Required', text: 'Please enter your email address.' },
  invalidEmail: { title: 'Invalid Email', text: 'Please enter a valid email address.' },
  missingInformation: { title: 'Missing Information', text: 'Please fill in all required fields.' },
  // ours: the inputs' maxlength stops this in a browser; a pasted or scripted entry can still hit it.
  tooLong: {
    title: 'Too Long',
    text: 'Please shorten your entry: names up to 100 characters, subjects up to 150 and messages up to 5,000.',
  },
  // ours: a body that is not the form (wrong types, unknown fields, unreadable JSON).
  badRequest: { title: 'Invalid Request', text: 'The form could not be read. Please reload the page and try again.' },
} as const satisfies Record<string, Notice>;
export type ProblemKey = keyof typeof PROBLEMS;

/** 405 (ours): which methods an address answers. */
export function methodNotAllowedNotice(allow: readonly string[]): Notice {
  return { title: 'Method Not Allowed', text: `Use ${allow.join(' or ')}.` };
}

/** Answers of the API that are not about the form's content (all ours). */
export const API_ERRORS = {
  // The exact wait is in the Retry-After header; the text stays static so the no-JavaScript page
  // can show it too.
  rateLimited: { title: 'Too Many Attempts', text: 'Please wait a few minutes and try again.' },
  forbidden: { title: 'Forbidden', text: 'This form can only be sent from our own site.' },
  payloadTooLarge: { title: 'Too Large', text: 'The form is too large to send. Please shorten it and try again.' },
  unsupportedType: { title: 'Unsupported Format', text: 'Please send the form as JSON or as a web form.' },
  misdirected: { title: 'Misdirected Request', text: 'This server does not answer for that address.' },
  /** A function threw instead of answering (the `npm start` server's last resort). */
  functionFailed: { title: 'Error', text: 'Something went wrong. Please try again.' },
} as const satisfies Record<string, Notice>;
