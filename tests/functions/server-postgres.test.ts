import { formSuite } from './form-suite.ts';
import { serverOnPostgres } from './targets.ts';

formSuite('the npm start server on PostgreSQL, over HTTP', serverOnPostgres);
