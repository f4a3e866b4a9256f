import { subscriptionSuite } from './subscription-suite.ts';
import { subscriptionHandlersOnPglite } from './subscription-targets.ts';

subscriptionSuite('subscriptions: handlers on PGlite', subscriptionHandlersOnPglite);
