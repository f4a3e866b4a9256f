import { formSuite } from './form-suite.ts';
import { handlersOnPglite } from './targets.ts';

formSuite('the handlers on PGlite', handlersOnPglite);
