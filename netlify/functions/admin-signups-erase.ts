// DELETE /api/admin/signups/:id: erasure on request. See server/admin/routes.ts.
import type { Config } from '@netlify/functions';
import { eraseHandler } from '../../server/admin/routes.ts';

export default eraseHandler('signups');

export const config: Config = { path: '/api/admin/signups/:id' };
