import { describe } from 'vitest';
import { adminSuite } from './admin-suite.ts';
import { adminHandlersOnPglite } from './admin-targets.ts';

describe('the admin functions on PGlite', () => adminSuite(adminHandlersOnPglite));
