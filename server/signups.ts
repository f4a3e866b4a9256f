// E-mail sign-ups (Updates, Newsletter, Movement): one per address and type, case-insensitively.
import { SIGNUP_FAILURE, SIGNUP_TYPES, type SignupType } from '../src/shared/messages/index.ts';
import { validateSignup, type SignupData } from '../src/shared/form-schemas.ts';
import { signupFragment } from '../src/shared/form-notices.ts';
import type { Queryable } from './db/client.ts';
import { formRateLimit } from './settings.ts';
import type { FormEndpoint } from './forms.ts';

/**
 * Inserts the sign-up unless the address already has this type. ON CONFLICT on the unique index
 * makes concurrent duplicates safe: exactly one insert wins, the others see 'duplicate'.
 */
export async function storeSignup(db: Queryable, signup: SignupData): Promise<'created' | 'duplicate'> {
  const { rows } = await db.query(
    `INSERT INTO email_signups (email, signup_type, source_page) VALUES ($1, $2, $3)
     ON CONFLICT (lower(email), signup_type) DO NOTHING
     RETURNING id`,
    [signup.email, signup.signup_type, signup.source_page],
  );
  return rows.length === 1 ? 'created' : 'duplicate';
}

function isSignupType(value: unknown): value is SignupType {
  return (SIGNUP_TYPES as readonly unknown[]).includes(value);
}

export const signupEndpoint: FormEndpoint<SignupData> = {
  name: 'signups',
  limit: () => formRateLimit('signups'),
  validate: validateSignup,
  store: storeSignup,
  fragment: (fields, outcome) => {
    const type = (fields as { signup_type?: unknown } | undefined)?.signup_type;
    return isSignupType(type) ? signupFragment(type, outcome) : undefined;
  },
  failure: SIGNUP_FAILURE,
  tooLarge: 'badRequest',
};
