import { announcementSuite } from './announcement-suite.ts';
import { adminHandlersOnPglite } from './admin-targets.ts';

announcementSuite('the admin functions on PGlite', adminHandlersOnPglite);
