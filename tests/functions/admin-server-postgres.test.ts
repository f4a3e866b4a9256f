import { describe } from 'vitest';
import { adminSuite } from './admin-suite.ts';
import { adminServerOnPostgres } from './admin-targets.ts';

describe('the npm start server on PostgreSQL, over HTTP', () =>
  adminSuite(adminServerOnPostgres, { inProcess: false }));
