import { describe } from 'vitest';
import { readershipSuite } from './readership-suite.ts';
import { adminHandlersOnPostgres } from './admin-targets.ts';

describe('readership on PostgreSQL', () => readershipSuite(adminHandlersOnPostgres));
