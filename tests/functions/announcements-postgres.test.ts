import { announcementSuite } from './announcement-suite.ts';
import { adminHandlersOnPostgres } from './admin-targets.ts';

announcementSuite('the admin functions on PostgreSQL', adminHandlersOnPostgres);
