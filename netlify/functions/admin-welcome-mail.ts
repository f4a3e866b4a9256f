// GET/POST /api/admin/welcome-mail: the welcome e-mail's settings. See server/admin/welcome-mail.ts.
import type { Config } from '@netlify/functions';
import { welcomeMailHandler } from '../../server/admin/welcome-mail.ts';

export default welcomeMailHandler;

export const config: Config = { path: '/api/admin/welcome-mail' };
