// /api/admin/session: GET (who am I), POST {key} (log in), DELETE (log out). See server/admin/routes.ts.
import type { Config } from '@netlify/functions';
import { sessionHandler } from '../../server/admin/routes.ts';

export default sessionHandler;

// No `method`: the handler answers 405 with Allow itself, the same on Netlify and in `npm start`.
export const config: Config = { path: '/api/admin/session' };
