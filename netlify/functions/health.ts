// GET /api/health: 200 {ok: true} when the database answers within 3 s, else 503 {ok: false}.
import type { Config } from '@netlify/functions';
import { getDb } from '../../server/db/client.ts';
import { json, methodNotAllowed } from '../../server/http.ts';

const TIMEOUT_MS = 3000;

export default async (req: Request): Promise<Response> => {
  if (req.method !== 'GET' && req.method !== 'HEAD') return methodNotAllowed(['GET', 'HEAD']);
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      getDb().query('SELECT 1'),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), TIMEOUT_MS);
      }),
    ]);
    return json(200, { ok: true });
  } catch (err) {
    console.error('health: database check failed:', err instanceof Error ? err.message : err);
    return json(503, { ok: false }, { 'Retry-After': '30' });
  } finally {
    clearTimeout(timer);
  }
};

export const config: Config = { path: '/api/health' };
