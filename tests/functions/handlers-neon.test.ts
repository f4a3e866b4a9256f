import { formSuite } from './form-suite.ts';
import { handlersOnNeon } from './targets.ts';

formSuite("the handlers on Neon's HTTP driver (a local /sql stand-in on PostgreSQL)", handlersOnNeon);
