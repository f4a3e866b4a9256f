// The shared form rules (src/shared/form-schemas.ts) and strings (src/shared/messages/) that the islands and the
// functions both use.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FIELD_LIMITS, isEmailAddress, validateContact, validateSignup } from '../../src/shared/form-schemas.ts';
import { isSameSitePath } from '../../src/shared/source-page.ts';
import { pagePath } from '../../src/shared/page-path.ts';
import { contactFragment, contactNotices, signupFragment, signupNotices } from '../../src/shared/form-notices.ts';
import {
  CONTACT,
  DUPLICATE_SIGNUP,
  PLACEMENTS,
  PROBLEMS,
  SIGNUP_FAILURE,
  SIGNUP_TYPES,
} from '../../src/shared/messages/index.ts';

const signup = (email: unknown) => ({ email, signup_type: 'Updates', source_page: '/' });
const contact = (over: object = {}) => ({
  name: 'Ada',
  email: 'ada@example.com',
  message: 'Hi',
  source_page: '/contact',
  ...over,
});

describe('the spec strings (sections 4, 5, 8)', () => {
  it('labels, submitting labels and success toasts per placement', () => {
    expect(PLACEMENTS.home).toMatchObject({ signupType: 'Updates', button: 'Sign Up', submitting: 'Signing Up...' });
    expect(PLACEMENTS.footer).toMatchObject({
      signupType: 'Newsletter',
      button: 'Subscribe',
      submitting: 'Subscribing...',
    });
    expect(PLACEMENTS.mid).toMatchObject({
      signupType: 'Updates',
      button: 'Send Me Updates',
      submitting: 'Signing Up...',
    });
    expect(PLACEMENTS.end).toMatchObject({
      signupType: 'Movement',
      button: 'Join the Movement',
      submitting: 'Joining...',
    });
    expect(PLACEMENTS.home.success).toEqual({
      title: "You're in!",
      text: "We'll keep you updated on the movement. Thank you for joining!",
    });
    expect(PLACEMENTS.footer.success).toEqual({
      title: 'Welcome aboard!',
      text: "You've been added to our newsletter. Thank you for joining!",
    });
    expect(PLACEMENTS.mid.success).toEqual({
      title: "You're in!",
      text: "We'll send you fresh insights from the product.",
    });
    expect(PLACEMENTS.end.success).toEqual({
      title: 'Welcome to the movement!',
      text: 'Thank you for joining us in changing how clothing is made.',
    });
    expect(CONTACT).toMatchObject({ button: 'Send Message', submitting: 'Sending...' });
    expect(CONTACT.success).toEqual({
      title: 'Message Sent!',
      text: "Thank you for reaching out. We'll get back to you soon.",
    });
  });

  it('failure and validation texts', () => {
    expect(DUPLICATE_SIGNUP).toEqual({
      title: 'Already Signed Up',
      text: "You're already signed up for this type of updates!",
    });
    expect(SIGNUP_FAILURE).toEqual({ title: 'Signup Error', text: 'Failed to sign up. Please try again.' });
    expect(CONTACT.failure).toEqual({ title: 'Error', text: 'Failed to submit contact form. Please try again.' });
    expect(PROBLEMS.emailRequired).toEqual({ title: 'Email Required', text: 'Please enter your email address.' });
    expect(PROBLEMS.invalidEmail).toEqual({ title: 'Invalid Email', text: 'Please enter a valid email address.' });
    expect(PROBLEMS.missingInformation).toEqual({
      title: 'Missing Information',
      text: 'Please fill in all required fields.',
    });
  });
});

describe('sign-up validation', () => {
  it('trims the e-mail and keeps its case', () => {
    expect(validateSignup(signup('  Ada@Example.COM '))).toEqual({
      ok: true,
      data: { email: 'Ada@Example.COM', signup_type: 'Updates', source_page: '/' },
    });
  });

  it('checks "required" before the format, and names the field', () => {
    expect(validateSignup(signup(' '))).toEqual({ ok: false, problem: 'emailRequired', field: 'email' });
    expect(validateSignup(signup('a@b'))).toEqual({ ok: false, problem: 'invalidEmail', field: 'email' });
  });

  it('never throws, and accepts only addresses that match the rule (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.emailAddress(), fc.string({ unit: 'grapheme' })), (email) => {
        const result = validateSignup(signup(email));
        if (result.ok) {
          expect(result.data.email).toMatch(/^[\x21-\x7e]+$/);
          expect(result.data.email).toMatch(/^[^\s@]+@[^\s@]+\.[^\s@]+$/);
          expect(result.data.email.length).toBeLessThanOrEqual(FIELD_LIMITS.email);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses characters that make an address a formula or a second spreadsheet cell', () => {
    for (const email of [
      'z@x.co;=HYPERLINK("http://e")',
      'a;b@example.com',
      'a,b@example.com',
      '"quoted"@example.com',
      'a(comment)@example.com',
      '<a@example.com>',
      'a@[192.0.2.1]',
      'a\\b@example.com',
      'a@b..example',
      'a@.example.com',
      'a@example.com.',
      'a@example_com.org',
    ])
      expect(validateSignup(signup(email)), email).toMatchObject({ ok: false, problem: 'invalidEmail' });
    for (const email of ["o'brien+news@example.co.uk", 'x.y-z_1@sub-domain.example', 'a!#$%&*/=?^`{|}~@b.c'])
      expect(validateSignup(signup(email)).ok, email).toBe(true);
  });

  it('checks the length before the pattern, and the pattern has one way to match (pathological input)', () => {
    const pathological = 'a@' + '.'.repeat(16000) + '@';
    expect(isEmailAddress(pathological)).toBe(false);
    expect(validateSignup(signup(pathological))).toEqual({ ok: false, problem: 'invalidEmail', field: 'email' });
    // At the length limit the pattern itself sees the worst case, and still decides.
    for (const near of ['a@' + '.'.repeat(252), 'a@' + 'b.'.repeat(126), 'a'.repeat(253) + '@', '@'.repeat(254)])
      expect(isEmailAddress(near), near.slice(0, 10)).toBe(false);
    expect(isEmailAddress('a@' + 'b.'.repeat(125) + 'cd')).toBe(true);
  });

  it('agrees with a plain reading of the rule on adversarial strings (fuzz)', () => {
    const atext = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+$/;
    const label = /^[A-Za-z0-9-]+$/;
    const plain = (s: string) => {
      const at = s.indexOf('@');
      if (s.length > FIELD_LIMITS.email || at < 1 || at !== s.lastIndexOf('@')) return false;
      const labels = s.slice(at + 1).split('.');
      return atext.test(s.slice(0, at)) && labels.length >= 2 && labels.every((l) => label.test(l));
    };
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', '.', '@', '-', ';', ' ', '"'), maxLength: 300 }), (s) => {
        expect(isEmailAddress(s)).toBe(plain(s));
      }),
      { numRuns: 3000 },
    );
  });

  it('any JSON value is either a valid sign-up or a named problem, never an exception (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const result = validateSignup(value);
        expect(result.ok || Object.keys(PROBLEMS).includes(result.problem)).toBe(true);
        expect(validateContact(value).ok).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('contact validation', () => {
  it('stores a blank subject as null and trims every field', () => {
    const result = validateContact(contact({ name: ' Ada ', subject: '  ', message: ' Hi\n' }));
    expect(result).toEqual({
      ok: true,
      data: { name: 'Ada', email: 'ada@example.com', subject: null, message: 'Hi', source_page: '/contact' },
    });
  });

  it('missing fields come before a bad e-mail, as the spec orders them', () => {
    expect(validateContact(contact({ name: '', email: 'bad' }))).toMatchObject({
      ok: false,
      problem: 'missingInformation',
    });
    expect(validateContact(contact({ email: 'bad' }))).toMatchObject({
      ok: false,
      problem: 'invalidEmail',
      field: 'email',
    });
  });
});

describe('source pages', () => {
  it.each(['/', '/contact', '/articles/hemp-vs-cotton', '/a%20b', "/it's"])('accepts %s', (path) => {
    expect(isSameSitePath(path)).toBe(true);
  });
  it.each([
    '',
    'contact',
    '//evil.example',
    '/\\evil.example',
    'https://evil.example/',
    '/a b',
    '/a?b',
    '/a#b',
    '/"',
    `/${'a'.repeat(200)}`,
  ])('refuses %j', (path) => {
    expect(isSameSitePath(path)).toBe(false);
  });
  it('derives a page path from the build URL', () => {
    expect(pagePath('/articles/hemp-vs-cotton.html')).toBe('/articles/hemp-vs-cotton');
    expect(pagePath('/contact/')).toBe('/contact');
    expect(pagePath('/index.html')).toBe('/');
    expect(pagePath('/')).toBe('/');
  });
});

describe('no-JavaScript notices', () => {
  it('have ids unique on any page (home, article, contact with the footer)', () => {
    const ids = (placements: ('home' | 'footer' | 'mid' | 'end')[]) =>
      placements.flatMap((p) => signupNotices(p).map((n) => signupFragment(PLACEMENTS[p].signupType, n.outcome)));
    for (const page of [
      ids(['home', 'footer']),
      ids(['mid', 'end', 'footer']),
      [...ids(['footer']), ...contactNotices().map((n) => contactFragment(n.outcome))],
    ]) {
      expect(new Set(page).size).toBe(page.length);
    }
    expect(signupFragment('Updates', 'emailRequired')).toBe('signup-updates-email-required');
    expect(SIGNUP_TYPES.map((t) => signupFragment(t, 'ok'))).toEqual([
      'signup-updates-ok',
      'signup-newsletter-ok',
      'signup-movement-ok',
    ]);
  });
});
