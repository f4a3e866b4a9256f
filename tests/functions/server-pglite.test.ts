import { formSuite } from './form-suite.ts';
import { serverOnPglite } from './targets.ts';

formSuite('the npm start server on PGlite, over HTTP', serverOnPglite);
