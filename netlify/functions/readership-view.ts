// GET|POST /api/view: the page-view collector (server/readership/endpoint.ts, docs/readership.md).
import type { Config } from '@netlify/functions';
import { collectorHandler } from '../../server/readership/endpoint.ts';

export default collectorHandler;

export const config: Config = {
  path: '/api/view',
  // An outer layer against floods on Netlify; the limit the product relies on is ours
  // (READERSHIP_RATE_LIMIT, server/readership/flood.ts) and the rollup's per-visitor cap.
  rateLimit: { windowLimit: 300, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
