import { describe } from 'vitest';
import { readershipSuite } from './readership-suite.ts';
import { adminHandlersOnPglite } from './admin-targets.ts';

describe('readership on PGlite', () => readershipSuite(adminHandlersOnPglite));
