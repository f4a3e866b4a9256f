// POST /api/admin/passkey/options|register: a signed-in colleague adds a passkey. See
// server/staff/sign-in-routes.ts.
import type { Config } from '@netlify/functions';
import { passkeyHandler } from '../../server/staff/sign-in-routes.ts';

export default passkeyHandler;

export const config: Config = { path: '/api/admin/passkey/:step' };
