// POST /api/admin/sign-in/invitation|code|code-verify|passkey-options|passkey: staff sign-in
// without a session. See server/staff/sign-in-routes.ts.
import type { Config } from '@netlify/functions';
import { signInHandler } from '../../server/staff/sign-in-routes.ts';

export default signInHandler;

export const config: Config = { path: '/api/admin/sign-in/:step' };
