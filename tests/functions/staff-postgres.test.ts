import { describe } from 'vitest';
import { staffSuite } from './staff-suite.ts';
import { adminHandlersOnPostgres } from './admin-targets.ts';

describe('staff accounts on PostgreSQL', () => staffSuite(adminHandlersOnPostgres));
