// E-mail sign-ups (Updates, Newsletter, Movement): one per address and type, case-insensitively,
// stored as subscriptions that wait for the reader's confirmation (subscriptions/signup.ts).
import { SIGNUP_FAILURE, SIGNUP_TYPES, type SignupType } from '../src/shared/messages/index.ts';
import { validateSignup, type SignupData } from '../src/shared/form-schemas.ts';
import { signupFragment } from '../src/shared/form-notices.ts';
import { formRateLimit, signupConfirmation } from './settings.ts';
import type { FormEndpoint } from './forms.ts';
import { subscribe } from './subscriptions/signup.ts';
import { arrivedFrom } from './readership/attribution.ts';

function isSignupType(value: unknown): value is SignupType {
  return (SIGNUP_TYPES as readonly unknown[]).includes(value);
}

export const signupEndpoint: FormEndpoint<SignupData> = {
  name: 'signups',
  limit: () => formRateLimit('signups'),
  validate: validateSignup,
  // The source that brought the visitor (readership/attribution.ts): a label, never about the
  // person; a failure to find it never costs the sign-up.
  store: async (db, data, ip, req) =>
    subscribe(db, data, ip, 'form', await arrivedFrom(db, ip, req.headers.get('user-agent') ?? '').catch(() => null)),
  decoy: () => (signupConfirmation() === 'double' ? 'pending' : 'created'),
  fragment: (fields, outcome) => {
    const type = (fields as { signup_type?: unknown } | undefined)?.signup_type;
    return isSignupType(type) ? signupFragment(type, outcome) : undefined;
  },
  failure: SIGNUP_FAILURE,
  tooLarge: 'badRequest',
};
