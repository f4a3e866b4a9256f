import { describe } from 'vitest';
import { staffSuite } from './staff-suite.ts';
import { adminHandlersOnPglite } from './admin-targets.ts';

describe('staff accounts on PGlite', () => staffSuite(adminHandlersOnPglite));
