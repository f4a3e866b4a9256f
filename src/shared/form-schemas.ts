/**
 * The sign-up and contact forms' rules, as zod schemas shared by
 * the islands (before sending) and the functions (authoritative), so both judge input the same way.
 * Each rule carries the key of the message it shows (messages.ts PROBLEMS); anything that is
 * not a form a browser could produce (wrong types, unknown fields) is a `badRequest`.
 */
// zod/mini: the same Zod 4 engine with a tree-shakable API, so the islands ship a fraction of it.
import { z } from 'zod/mini';
import { SIGNUP_TYPES, type ProblemKey } from './messages/index.ts';
import { isSameSitePath, SOURCE_PAGE_MAX } from './source-page.ts';

export const FIELD_LIMITS = {
  email: 254,
  name: 100,
  subject: 150,
  message: 5000,
  sourcePage: SOURCE_PAGE_MAX,
} as const;

/** The hidden field people never see and bots fill in (see server/forms.ts). */
export const HONEYPOT_FIELD = 'website';

/**
 * "the form {email}, with no whitespace and no @ inside the parts", read strictly: the local part
 * is the characters RFC 5322 allows unquoted (letters, digits, ! # $ % & ' * + / = ? ^ _ ` { | } ~ -
 * and dots), the domain is labels of letters, digits and hyphens with at least one dot between.
 * Printable ASCII only (newsletter tools rarely accept internationalised mailboxes), and never
 * ; , " ( ) < > [ ] \ or spaces: characters that turn an address into a formula or a second cell
 * in a spreadsheet export.
 *
 * The pattern runs in linear time: each repeated class is followed by a character it cannot
 * match (@ after the local part, a dot before each further label), so there is only ever one way
 * to match and nothing to backtrack. The old /^[^\s@]+@[^\s@]+\.[^\s@]+$/ could split the domain
 * at every dot and took quadratic time on "a@" + "." * 16000 + "@".
 */
const EMAIL_FORMAT = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+$/;

/** Longer input is never given to the pattern (nor kept as an address). */
export const isEmailAddress = (s: string): boolean => s.length <= FIELD_LIMITS.email && EMAIL_FORMAT.test(s);
/** Text Postgres cannot store faithfully: NUL, and UTF-16 halves that are not a pair. */
const LONE_SURROGATE = /\p{Cs}/u;
const storable = (s: string) => !s.includes('\0') && !LONE_SURROGATE.test(s);

/**
 * Characters no reader types into a name, subject or message, and that do harm where the text is
 * shown: control characters (C0, DEL, C1: ESC starts terminal escape sequences when a CSV export
 * is printed, BEL rings) and the bidirectional overrides and isolates (U+202A–U+202E,
 * U+2066–U+2069), which reorder how the text around them reads in the dashboard. A message may
 * hold line breaks and tabs; a name or subject is one line.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const LINE_UNSAFE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const TEXT_UNSAFE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;
/** Whether `s` is free of the characters above (`multiline`: line breaks and tabs allowed). */
export const isSafeText = (s: string, multiline = false): boolean => !(multiline ? TEXT_UNSAFE : LINE_UNSAFE).test(s);

/** A string field; a missing one reads as `missing`, any other type is not our form. */
function text(missing: ProblemKey) {
  return z.string({ error: (issue) => (issue.input === undefined ? missing : 'badRequest') });
}

function email(missing: ProblemKey) {
  return text(missing).check(
    z.trim(),
    z.minLength(1, missing),
    // One check: the length first, then the pattern (zod would run every check, even a regex
    // after the length had failed).
    z.refine(isEmailAddress, 'invalidEmail'),
  );
}

function freeText(max: number, missing: ProblemKey, multiline = false) {
  return text(missing).check(
    z.refine(storable, 'badRequest'),
    z.refine((s) => isSafeText(s, multiline), 'badRequest'),
    // A browser posting a textarea sends CRLF line breaks, JavaScript reads LF: store one kind,
    // and count a line break as one character either way.
    z.overwrite((s) => s.replace(/\r\n?/g, '\n')),
    z.trim(),
    z.minLength(1, missing),
    z.maxLength(max, 'tooLong'),
  );
}

const sourcePage = z.string({ error: 'badRequest' }).check(z.refine(isSameSitePath, 'badRequest'));
const honeypot = z.optional(z.string({ error: 'badRequest' }).check(z.maxLength(1000, 'badRequest')));

export const signupSchema = z.strictObject(
  {
    /** The reader's address (required, at most FIELD_LIMITS.email characters). */
    email: email('emailRequired'),
    /** Which list: Updates, Newsletter or Movement. */
    signup_type: z.enum(SIGNUP_TYPES, { error: 'badRequest' }),
    /** The page the form was sent from, a path on this site. */
    source_page: sourcePage,
    /** The hidden honeypot: a filled one is answered as a success and nothing is stored. */
    [HONEYPOT_FIELD]: honeypot,
  },
  { error: 'badRequest' },
);

export const contactSchema = z.strictObject(
  {
    /** The writer's name (required, at most FIELD_LIMITS.name characters). */
    name: freeText(FIELD_LIMITS.name, 'missingInformation'),
    /** Where the owner answers (required). */
    email: email('missingInformation'),
    /** Optional: absent, null or blank all mean "no subject" (stored as NULL). */
    subject: z.pipe(
      z.nullish(
        z.string({ error: 'badRequest' }).check(
          z.refine(storable, 'badRequest'),
          z.refine((s) => isSafeText(s), 'badRequest'),
          z.trim(),
          z.maxLength(FIELD_LIMITS.subject, 'tooLong'),
        ),
      ),
      z.transform((s) => s || null),
    ),
    /** The message itself, several lines allowed (required, at most FIELD_LIMITS.message characters). */
    message: freeText(FIELD_LIMITS.message, 'missingInformation', true),
    /** The page the form was sent from, a path on this site. */
    source_page: sourcePage,
    /** The hidden honeypot: a filled one is answered as a success and nothing is stored. */
    [HONEYPOT_FIELD]: honeypot,
  },
  { error: 'badRequest' },
);

export type SignupData = z.output<typeof signupSchema>;
export type ContactData = z.output<typeof contactSchema>;

export type Validation<T> = { ok: true; data: T } | { ok: false; problem: ProblemKey; field?: string };

/**
 * When several rules fail, the one a reader should fix first: a malformed request above all, then
 * missing fields before format (the spec checks "required" before "valid email").
 */
const PRIORITY: readonly ProblemKey[] = [
  'badRequest',
  'emailRequired',
  'missingInformation',
  'invalidEmail',
  'tooLong',
];

function validate<T>(schema: z.ZodMiniType<T>, input: unknown): Validation<T> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  let best: { problem: ProblemKey; field?: string } | undefined;
  for (const issue of result.error.issues) {
    const problem = (PRIORITY as readonly string[]).includes(issue.message)
      ? (issue.message as ProblemKey)
      : 'badRequest';
    if (!best || PRIORITY.indexOf(problem) < PRIORITY.indexOf(best.problem)) {
      const field = issue.path.length === 1 && typeof issue.path[0] === 'string' ? issue.path[0] : undefined;
      best = { problem, field };
    }
  }
  return { ok: false, ...(best ?? { problem: 'badRequest' }) };
}

export const validateSignup = (input: unknown): Validation<SignupData> => validate(signupSchema, input);
export const validateContact = (input: unknown): Validation<ContactData> => validate(contactSchema, input);
