// GET /api/admin/mail?status=&before=: the outbox for the Mail view. See server/admin/routes.ts.
import type { Config } from '@netlify/functions';
import { mailListHandler } from '../../server/admin/routes.ts';

export default mailListHandler;

export const config: Config = { path: '/api/admin/mail' };
