import { subscriptionSuite } from './subscription-suite.ts';
import { subscriptionHandlersOnPostgres } from './subscription-targets.ts';

subscriptionSuite('subscriptions: handlers on PostgreSQL', subscriptionHandlersOnPostgres);
