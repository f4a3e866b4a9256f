import { formSuite } from './form-suite.ts';
import { handlersOnPostgres } from './targets.ts';

formSuite('the handlers on PostgreSQL', handlersOnPostgres);
