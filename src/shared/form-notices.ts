/**
 * What a form tells the reader after a plain (no-JavaScript) post. The function answers 303 to
 * the page with a fragment such as `#signup-newsletter-ok`; the form renders every notice as a
 * hidden element with that id, and CSS `:target` shows the one the fragment names. The islands
 * render these elements and the functions build the fragments, both from this module.
 */
import {
  API_ERRORS,
  CONTACT,
  DUPLICATE_SIGNUP,
  PLACEMENTS,
  PROBLEMS,
  SIGNUP_FAILURE,
  type Notice,
  type Placement,
  type ProblemKey,
  type SignupType,
} from './messages/index.ts';
import { NEXT_STEP } from './messages/subscriptions.ts';

/** 'confirm': stored, and a confirmation e-mail queued (docs/subscriptions.md). */
export type Outcome = 'ok' | 'confirm' | 'duplicate' | 'limited' | 'error' | ProblemKey;
export type Tone = 'success' | 'error';

export interface FormNotice {
  outcome: Outcome;
  tone: Tone;
  notice: Notice;
  /** What the reader must read first, above the notice (the confirmation step under double opt-in). */
  lead?: Notice;
}

const problem = (key: ProblemKey): FormNotice => ({ outcome: key, tone: 'error', notice: PROBLEMS[key] });

/**
 * Each form's element ids are unique on a page because each sign-up type appears at most once on
 * it (home: Updates; articles: Updates mid, Movement end; every page: Newsletter in the footer).
 */
export function signupFragment(type: SignupType, outcome: Outcome): string {
  return `signup-${type.toLowerCase()}-${kebab(outcome)}`;
}

export function contactFragment(outcome: Outcome): string {
  return `contact-${kebab(outcome)}`;
}

/** emailRequired → email-required: fragments read like the rest of the site's URLs. */
function kebab(outcome: Outcome): string {
  return outcome.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

export function signupNotices(placement: Placement): FormNotice[] {
  return [
    { outcome: 'ok', tone: 'success', notice: PLACEMENTS[placement].success },
    { outcome: 'confirm', tone: 'success', notice: PLACEMENTS[placement].success, lead: NEXT_STEP },
    { outcome: 'duplicate', tone: 'error', notice: DUPLICATE_SIGNUP },
    problem('emailRequired'),
    problem('invalidEmail'),
    problem('badRequest'),
    { outcome: 'limited', tone: 'error', notice: API_ERRORS.rateLimited },
    { outcome: 'error', tone: 'error', notice: SIGNUP_FAILURE },
  ];
}

export function contactNotices(): FormNotice[] {
  return [
    { outcome: 'ok', tone: 'success', notice: CONTACT.success },
    problem('missingInformation'),
    problem('invalidEmail'),
    problem('tooLong'),
    problem('badRequest'),
    { outcome: 'limited', tone: 'error', notice: API_ERRORS.rateLimited },
    { outcome: 'error', tone: 'error', notice: CONTACT.failure },
  ];
}
