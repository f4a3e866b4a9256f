import { describe } from 'vitest';
import { adminSuite } from './admin-suite.ts';
import { adminHandlersOnPostgres } from './admin-targets.ts';

describe('the admin functions on PostgreSQL', () => adminSuite(adminHandlersOnPostgres));
