// POST /api/admin/mail/:id/retry: queue a failed mail again. See server/admin/routes.ts.
import type { Config } from '@netlify/functions';
import { mailRetryHandler } from '../../server/admin/routes.ts';

export default mailRetryHandler;

export const config: Config = { path: '/api/admin/mail/:id/retry' };
